import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobApplication, StatusChange } from '@careers/contracts/candidate';
import { ENDING_REASON_WORDS, daysInWords, replyState } from '@careers/contracts/fair-endings-words';
import { useFocusWhenShown } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { firstServerErrorOr } from '../../../lib/api-error';
import { answerKeepOnFile } from '../api/keep-on-file';
import { formatChosenDay } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';

/*
 * Reply times and endings on the candidate's side (docs/decisions/0410-0413): how long the application has
 * waited against the job's "we reply within N days", overdue past it, the outcome given when the job
 * closed, and the employer's request to keep it on file.
 */

/** The facts (inside the card's and the page's <dl>): the wait against the promise and the outcome. */
export function ReplyFacts({ application, now }: { application: JobApplication; now?: number }) {
  // The time of the first render: the page does not tick.
  const [clock] = useState(() => now ?? Date.now());
  const state = replyState(application, clock);
  return (
    <>
      {state ? (
        <div className="application-reply">
          <dt>Reply</dt>
          <dd>
            {state.overdue ? (
              <>
                <Badge tone="warning">Overdue</Badge> {application.business.name} promised a reply within{' '}
                {daysInWords(state.promisedDays)}; you have waited {daysInWords(state.waitedDays)}.
              </>
            ) : (
              `Waiting ${daysInWords(state.waitedDays)} of the ${daysInWords(state.promisedDays)} ${application.business.name} promised`
            )}
          </dd>
        </div>
      ) : null}
      {application.endingReason ? (
        <div>
          <dt>Outcome</dt>
          <dd>{ENDING_REASON_WORDS[application.endingReason]}</dd>
        </div>
      ) : null}
      {/*
        No "Kept on file" fact: the request is the one waiting question until answered, and the close line
        gives the answer after (docs/decisions/0547), so a fact would say it a second time.
      */}
    </>
  );
}

/** The reason after a timeline step, when the step is the outcome given as the job closed. */
export function TimelineReason({ change }: { change: StatusChange }) {
  return change.reason ? (
    <span className="application-reply__reason"> ({ENDING_REASON_WORDS[change.reason]})</span>
  ) : null;
}

const ANSWER_ID = 'keep-on-file-answer';

/**
 * The application page's section when the employer asks to keep the application on file after closing the
 * job: until when, and the candidate's answer. Without an answer within a week, the application gets the
 * job's outcome.
 */
export function KeepOnFileSection({ application }: { application: JobApplication }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (agree: boolean) => answerKeepOnFile(application.id, agree),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobApplicationsRoot }),
  });
  // The answered line takes the focus: the button that had it is gone or disabled (docs/decisions/0541).
  const focusWhenShown = useFocusWhenShown();
  const reply = (agree: boolean) => answer.mutate(agree, { onSuccess: () => focusWhenShown(ANSWER_ID) });
  const keep = application.keepOnFile;
  if (!keep || application.endingReason) return null;
  return (
    <section id="keep-on-file" className="application-reply__keep" aria-labelledby="application-keep-title">
      <h2 id="application-keep-title">Kept on file</h2>
      <AlertBanner type="alert-danger" message={answer.isError ? firstServerErrorOr(answer.error) : null} />
      <p id={ANSWER_ID}>
        {application.business.name} closed this job and asks to keep your application on file until{' '}
        {formatChosenDay(keep.until)}, in case a place opens.
        {keep.answer === null
          ? ' If you do not answer within a week, you are told the outcome of the job instead.'
          : keep.answer === 'agreed'
            ? ' You agreed.'
            : ' You said no: you are told the outcome of the job.'}
      </p>
      {keep.answer !== 'declined' ? (
        <div className="application-card__actions">
          {keep.answer === null ? (
            <Button variant="primary" busy={answer.isPending} onClick={() => reply(true)}>
              Agree to stay on file
            </Button>
          ) : null}
          <Button variant="secondary" disabled={answer.isPending} onClick={() => reply(false)}>
            {keep.answer === 'agreed' ? 'No longer keep me on file' : 'No, tell me the outcome'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
