import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployerApplication, EmployerJob } from '@careers/contracts/employer';
import {
  ENDING_REASON_WORDS,
  KEEP_ON_FILE_MAX_DAYS,
  REPLY_WITHIN_DAYS_DEFAULT,
  REPLY_WITHIN_DAYS_MAX,
  REPLY_WITHIN_DAYS_MIN,
  daysInWords,
  replyState,
  type EndingReason,
} from '@careers/contracts/fair-endings-words';
import type { CloseInterviewChoice } from '@careers/contracts/fair-endings';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { closeJob, getClosePreview } from '../../../lib/api/candidate/fair-endings';
import { formatChosenDay, formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/toast';
import { employerQueryKeys } from '../api/query-keys';
import './job-endings.css';

/*
 * No silent endings and reply times in the console (docs/decisions/0410-0413): closing a job as filled or
 * without a decision, seeing first who will be told what; an application's wait against the job's promise.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const candidates = (n: number) => (n === 1 ? '1 candidate' : `${n} candidates`);
/** The chosen day's end in UTC: stored so, and shown as that day on both sides (formatChosenDay). */
const untilInstant = (day: string) => `${day}T23:59:59.000Z`;

/** Closing a job: the outcome, whom to keep on file and until when, and how many will be told what. */
export function CloseJobDialog({ job, open, onClose }: { job: EmployerJob; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<EndingReason>('filled');
  const [keep, setKeep] = useState<string[]>([]);
  const [today] = useState(() => Date.now());
  const [until, setUntil] = useState(() => new Date(today + 180 * DAY_MS).toISOString().slice(0, 10));
  // Each interview still to happen needs a choice (docs/decisions/0547): none is made for the employer.
  const [choices, setChoices] = useState<Record<string, CloseInterviewChoice>>({});
  const [unchosen, setUnchosen] = useState(false);
  const preview = useQuery({
    queryKey: [...employerQueryKeys.job(job.id), 'close-preview', outcome, keep],
    queryFn: () => getClosePreview(job.id, outcome, keep),
    enabled: open,
  });
  const close = useMutation({
    mutationFn: () =>
      closeJob(job.id, {
        outcome,
        ...(keep.length ? { keepOnFile: { applicationIds: keep, until: untilInstant(until) } } : {}),
        interviews: (preview.data?.interviews ?? []).map((interview) => ({
          interviewId: interview.id,
          choice: choices[interview.id]!,
        })),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: employerQueryKeys.jobsRoot });
      await queryClient.invalidateQueries({ queryKey: employerQueryKeys.applicationsRoot });
      notifySuccess('Job closed.');
      onClose();
    },
  });
  const data = preview.data;
  // The error stands only while an interview is still without a choice: choosing the last one clears it.
  const missingChoice = (data?.interviews ?? []).some((interview) => !choices[interview.id]);
  return (
    <ModalDialog
      open={open}
      title={`Close ${job.title}?`}
      onClose={onClose}
      role="alertdialog"
      size="large"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={close.isPending}>
            Keep it open
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              setUnchosen(missingChoice);
              if (!missingChoice) close.mutate();
            }}
            busy={close.isPending}
            disabled={!data}
          >
            Close job
          </Button>
        </>
      }
    >
      <p>Candidates can no longer apply: the apply link shows that the job is closed.</p>
      <fieldset className="job-endings__outcome">
        <legend>Why are you closing it?</legend>
        {(['filled', 'closed'] as const).map((value) => (
          <label key={value} className="job-endings__choice">
            <input
              type="radio"
              name={`outcome-${job.id}`}
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
            />{' '}
            {value === 'filled' ? 'The position is filled' : 'Closing it without a decision'}
          </label>
        ))}
      </fieldset>
      {preview.isPending ? <Spinner label="Counting the open applications" /> : null}
      <AlertBanner type="alert-danger" message={preview.isError ? firstServerErrorOr(preview.error) : null} />
      <AlertBanner type="alert-danger" message={close.isError ? firstServerErrorOr(close.error) : null} />
      {data ? (
        <>
          <p className="job-endings__told" role="status">
            {data.told === 0
              ? 'No open application will be told an outcome.'
              : `${candidates(data.told)} will be told “${ENDING_REASON_WORDS[outcome]}” within the day (${data.emailed} by email), on their application.`}
            {data.askedToKeep > 0
              ? ` ${candidates(data.askedToKeep)} will be asked to agree to stay on file until ${formatChosenDay(untilInstant(until))}.`
              : ''}
          </p>
          {data.interviews.length > 0 ? (
            <fieldset className="job-endings__interviews">
              <legend>Interviews still to happen: what happens to each?</legend>
              <AlertBanner
                type="alert-danger"
                message={
                  unchosen && missingChoice ? 'Choose what happens to each interview before closing the job.' : null
                }
              />
              {data.interviews.map((interview) => (
                <fieldset key={interview.id} className="job-endings__interview">
                  <legend>
                    {interview.candidateName}:{' '}
                    {interview.startsAt
                      ? `interview on ${formatDateTime(interview.startsAt)}`
                      : 'invited, no time chosen yet'}
                  </legend>
                  {(['cancel', 'keep'] as const).map((choice) => (
                    <label key={choice} className="job-endings__choice">
                      <input
                        type="radio"
                        name={`interview-${interview.id}`}
                        value={choice}
                        checked={choices[interview.id] === choice}
                        onChange={() => setChoices((all) => ({ ...all, [interview.id]: choice }))}
                      />{' '}
                      {choice === 'cancel'
                        ? 'Cancel it and tell the candidate'
                        : 'Keep it: the interview goes ahead, the outcome waits for it'}
                    </label>
                  ))}
                </fieldset>
              ))}
            </fieldset>
          ) : null}
          {data.open.length > 0 ? (
            <fieldset className="job-endings__keep">
              <legend>Keep on file (each candidate is asked to agree)</legend>
              {data.open.map((application) => (
                <label key={application.id} className="job-endings__choice">
                  <input
                    type="checkbox"
                    checked={keep.includes(application.id)}
                    onChange={(event) =>
                      setKeep((ids) =>
                        event.target.checked ? [...ids, application.id] : ids.filter((id) => id !== application.id),
                      )
                    }
                  />{' '}
                  {application.candidateName} (applied {formatDate(application.appliedOn)})
                </label>
              ))}
              {keep.length > 0 ? (
                <TextInput
                  label="Keep on file until"
                  type="date"
                  value={until}
                  min={new Date(today + DAY_MS).toISOString().slice(0, 10)}
                  max={new Date(today + KEEP_ON_FILE_MAX_DAYS * DAY_MS).toISOString().slice(0, 10)}
                  onChange={(event) => setUntil((event.target as HTMLInputElement).value)}
                />
              ) : null}
            </fieldset>
          ) : null}
        </>
      ) : null}
    </ModalDialog>
  );
}

/** An application's wait against the job's promise, its outcome, or its request to stay on file (the list's facts). */
export function ReplyMark({ application, now }: { application: EmployerApplication; now?: number }) {
  const [clock] = useState(() => now ?? Date.now());
  const state = replyState(application, clock);
  if (application.endingReason) return <span>Outcome: {ENDING_REASON_WORDS[application.endingReason]}</span>;
  if (application.keepOnFile)
    return (
      <span>
        Kept on file until {formatChosenDay(application.keepOnFile.until)}
        {application.keepOnFile.answer === 'agreed'
          ? ' (agreed)'
          : application.keepOnFile.answer === 'declined'
            ? ' (declined)'
            : ' (not answered yet)'}
      </span>
    );
  if (!state) return null;
  return state.overdue ? (
    <span>
      <Badge tone="warning" srPrefix="Reply:">
        Overdue
      </Badge>{' '}
      waiting {daysInWords(state.waitedDays)}, you promise {daysInWords(state.promisedDays)}
    </span>
  ) : (
    <span>
      Waiting {daysInWords(state.waitedDays)} of {daysInWords(state.promisedDays)}
    </span>
  );
}

/** The job form's "We reply within N days" field; the value is checked on submit (replyDaysProblem). */
export function ReplyWithinField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}) {
  return (
    <TextInput
      label="We reply within (days)"
      hint={`Shown on the apply page and your careers page; candidates see how long they have waited against it. ${REPLY_WITHIN_DAYS_DEFAULT} unless you change it.`}
      type="number"
      inputMode="numeric"
      min={REPLY_WITHIN_DAYS_MIN}
      max={REPLY_WITHIN_DAYS_MAX}
      value={value}
      error={error ?? undefined}
      onChange={(event) => onChange((event.target as HTMLInputElement).value)}
    />
  );
}

/** Null when the field holds a whole number of days within the bounds; else what to fix. */
export function replyDaysProblem(value: string): string | null {
  const days = Number(value);
  return Number.isInteger(days) && days >= REPLY_WITHIN_DAYS_MIN && days <= REPLY_WITHIN_DAYS_MAX
    ? null
    : `The reply time is ${REPLY_WITHIN_DAYS_MIN} to ${REPLY_WITHIN_DAYS_MAX} days.`;
}
