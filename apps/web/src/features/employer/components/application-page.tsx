import { useState } from 'react';
import { Link } from 'react-router';
import { applicationSourceName } from '@careers/contracts/application-sources';
import type { ApplicationNote, CvOpening, EmployerApplicationDetail } from '@careers/contracts/employer';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { ResultStatus, useActionResult, useFocusWhenShown } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { EmailNotVerified } from './email-not-verified';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-area';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/toast';
import { useApplication, useMoveApplication } from '../api/applications';
import { useAddNote, useCanEditJobs } from '../api/team';
import { employerApplicationBadge, employerStatusLabel, statusesInOrder } from '../application-status';
import { CvViewerDialog, saveBusinessCv } from './cv-viewer';
import { employerPaths } from '../paths';
import { EmployerMessages } from './employer-messages';
import { EmployerInterview } from './employer-interview';
import { ApplicationRecordSection } from './application-record-section';

const OPENING_WORDS: Record<CvOpening['action'], string> = { preview: 'previewed', download: 'downloaded' };

/** Who of the team opened the CV, newest first; the candidate sees only the business and the date. */
function CvOpenings({ openings }: { openings: CvOpening[] }) {
  if (openings.length === 0) return <p className="muted">No one in your team has opened this CV yet.</p>;
  return (
    <>
      <h3 id="cv-openings-title">Opened by</h3>
      <ul className="employer-cv-openings" aria-labelledby="cv-openings-title">
        {openings.map((o) => (
          <li key={`${o.openedOn}-${o.action}-${o.openedBy}`}>
            {o.openedBy} {OPENING_WORDS[o.action]} it <time dateTime={o.openedOn}>{formatDateTime(o.openedOn)}</time>
          </li>
        ))}
      </ul>
      <p className="muted">The candidate sees that your business opened it, and when; not who.</p>
    </>
  );
}

function MoveStatus({
  applicationId,
  current,
  withdrawn,
  onMoving,
  onMoved,
}: {
  applicationId: string;
  current: ApplicationStatus;
  /** A withdrawn application cannot move (the service answers 409): the form stays, disabled, and says why. */
  withdrawn: boolean;
  onMoving: () => void;
  /** Said by the page, not by this form: the form is remade when the status it shows changes. */
  onMoved: (words: string) => void;
}) {
  const [target, setTarget] = useState<ApplicationStatus>(current);
  const move = useMoveApplication();
  const noteId = `move-note-${applicationId}`;
  return (
    <form
      className="employer-move"
      aria-label="Move the application"
      onSubmit={(event) => {
        event.preventDefault();
        // Said when the call succeeds even though this form is remade then (its key is the status, which the
        // refetch changes first): a per-call onSuccess of mutate() would be dropped with the old form.
        onMoving();
        move
          .mutateAsync({ applicationId, applicationStatus: target })
          .then(() => onMoved(`Moved to ${employerStatusLabel[target]}.`))
          .catch(() => undefined); // the refusal is shown below, from move.error
      }}
    >
      <label className="employer-select">
        <span>Status</span>
        <select
          value={target}
          disabled={withdrawn}
          aria-describedby={withdrawn ? noteId : undefined}
          onChange={(event) => setTarget(Number(event.currentTarget.value) as ApplicationStatus)}
        >
          {statusesInOrder.map((value) => (
            <option key={value} value={value}>
              {employerStatusLabel[value]}
            </option>
          ))}
        </select>
      </label>
      <Button
        type="submit"
        busy={move.isPending}
        disabled={withdrawn || target === current}
        aria-describedby={withdrawn ? noteId : undefined}
      >
        Move
      </Button>
      {withdrawn ? (
        <p id={noteId} className="employer-move__note">
          The candidate withdrew this application, so it can no longer be moved.
        </p>
      ) : null}
      {move.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(move.error)} /> : null}
    </form>
  );
}

const NOTE_MAX = 4000;
/** A note in the history: the one just saved takes the focus by it. */
const noteElementId = (noteId: string) => `note-${noteId}`;

/** The business's private note on the application: the candidate never sees it. */
function NoteForm({ applicationId }: { applicationId: string }) {
  const add = useAddNote(applicationId);
  const focusWhenShown = useFocusWhenShown();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="employer-note-form"
      noValidate
      aria-labelledby="note-title"
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (!text) return setError('Write the note first.');
        if (text.length > NOTE_MAX) return setError(`A note is at most ${NOTE_MAX} characters.`);
        setError(undefined);
        add.mutate(text, {
          onSuccess: (note) => {
            setBody('');
            notifySuccess('Note saved.');
            focusWhenShown(noteElementId(note.id));
          },
        });
      }}
    >
      <h3 id="note-title">Notes</h3>
      <TextArea
        label="Add a note"
        hint="Only your business sees notes: never the candidate."
        rows={3}
        value={body}
        error={error}
        onChange={(event) => setBody(event.currentTarget.value)}
      />
      {add.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(add.error)} /> : null}
      <div className="employer-form__actions">
        <Button type="submit" variant="secondary" busy={add.isPending}>
          Save note
        </Button>
      </div>
    </form>
  );
}

type HistoryLine =
  | { kind: 'move'; at: string; change: EmployerApplicationDetail['statusHistory'][number] }
  | { kind: 'note'; at: string; note: ApplicationNote };

/** Moves and notes, newest first, each naming who made it. */
function historyLines(a: EmployerApplicationDetail): HistoryLine[] {
  const lines: HistoryLine[] = [
    ...a.statusHistory.map((change) => ({ kind: 'move' as const, at: change.changedOn, change })),
    ...(a.notes ?? []).map((note) => ({ kind: 'note' as const, at: note.createdOn, note })),
  ];
  // Stable: entries of the same time keep the service's order.
  return lines
    .map((line, index) => ({ line, index }))
    .sort((x, y) => (x.line.at === y.line.at ? x.index - y.index : x.line.at < y.line.at ? 1 : -1))
    .map(({ line }) => line);
}

/** /employer/applications/{id}: who applied, with which CV, from where, and where their application stands. */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const application = useApplication(applicationId);
  const canMove = useCanEditJobs();
  const [viewing, setViewing] = useState<{ id: string; fileName: string } | null>(null);
  const [moved, showMoved, clearMoved] = useActionResult();
  // A preview or a download is recorded by the service (docs/decisions/0390): read the list again after one.
  const refreshOpenings = () => void application.refetch();
  const a = application.data;
  if (application.isPending) return <Spinner label="Loading the application" />;
  if (!a) return <AlertBanner type="alert-danger" message={firstServerErrorOr(application.error)} />;
  const badge = employerApplicationBadge(a);
  const cv = a.appliedWithCvId ? { id: a.appliedWithCvId, fileName: a.appliedWithCvFileName ?? 'CV' } : null;
  return (
    <section className="page employer-page" aria-labelledby="application-title">
      <p className="employer-breadcrumb">
        <Link to={employerPaths.jobs}>Jobs</Link> › <Link to={employerPaths.job(a.jobId)}>{a.jobTitle}</Link>
      </p>
      <div className="employer-page__head">
        <h1 id="application-title">{a.candidate.name}</h1>
        <Badge tone={badge.tone} srPrefix="Status:">
          {badge.label}
        </Badge>
      </div>
      {a.withdrawnOn ? (
        <section className="employer-withdrawn" aria-labelledby="withdrawn-title">
          <h2 id="withdrawn-title">
            Withdrawn by the candidate on <time dateTime={a.withdrawnOn}>{formatDateTime(a.withdrawnOn)}</time>
          </h2>
          {a.withdrawalReason ? (
            <p>
              <span className="employer-withdrawn__label">Their reason: </span>
              <q className="employer-withdrawn__reason">{a.withdrawalReason}</q>
            </p>
          ) : (
            <p>They gave no reason.</p>
          )}
          <p className="muted">
            It stood at {employerStatusLabel[a.applicationStatus]} when they withdrew. They may apply again; a new
            application would show as New.
          </p>
        </section>
      ) : null}
      <div className="employer-columns">
        <section className="card" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact</h2>
          <dl className="employer-facts">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${a.candidate.email}`}>{a.candidate.email}</a>
              {a.emailVerified ? null : (
                <>
                  {' '}
                  <EmailNotVerified verified={false} />
                  <span className="employer-facts__note">
                    The candidate has not entered the code sent to this address yet, so it may be mistyped.
                  </span>
                </>
              )}
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${a.candidate.phoneNumber}`}>{a.candidate.phoneNumber}</a>
            </dd>
            <dt>Post code</dt>
            <dd>{a.candidate.postcode}</dd>
            <dt>Applied</dt>
            <dd>{formatDate(a.appliedOn)}</dd>
            <dt>Ready to work</dt>
            <dd>{a.readyToWork ? 'Yes' : 'No'}</dd>
            <dt>Came from</dt>
            <dd>{applicationSourceName(a.source)}</dd>
            {a.utmSource ? (
              <>
                <dt>Link tag</dt>
                <dd>{a.utmSource}</dd>
              </>
            ) : null}
            <dt>Campaign</dt>
            <dd>{a.utmCampaign ?? '-'}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="cv-title">
          <h2 id="cv-title">CV</h2>
          {cv ? (
            <>
              <p className="employer-cv-name">{cv.fileName}</p>
              <div className="employer-job__actions">
                <Button variant="secondary" onClick={() => setViewing(cv)}>
                  Preview CV
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void saveBusinessCv(cv.id, cv.fileName).finally(refreshOpenings)}
                >
                  Download CV
                </Button>
              </div>
              <CvOpenings openings={a.cvOpenings ?? []} />
            </>
          ) : (
            <p className="muted">The candidate has since deleted this CV.</p>
          )}
        </section>
        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">{canMove ? 'Status' : 'Notes and history'}</h2>
          {canMove ? (
            <MoveStatus
              key={`${a.applicationStatus}-${a.withdrawnOn ?? ''}`}
              applicationId={a.id}
              current={a.applicationStatus}
              withdrawn={Boolean(a.withdrawnOn)}
              onMoving={clearMoved}
              onMoved={showMoved}
            />
          ) : null}
          <ResultStatus result={moved} />
          <NoteForm applicationId={a.id} />
          <h3>History</h3>
          <ol className="employer-history">
            {historyLines(a).map((line) =>
              line.kind === 'move' ? (
                <li
                  key={`m-${line.change.applicationStatus}-${line.change.changedOn}-${line.change.withdrawn ? 'w' : ''}`}
                >
                  <span>
                    {line.change.withdrawn
                      ? 'Withdrawn by the candidate'
                      : employerStatusLabel[line.change.applicationStatus]}
                  </span>{' '}
                  <time dateTime={line.at}>{formatDateTime(line.at)}</time>
                  {line.change.changedBy ? (
                    <span className="employer-history__who"> · by {line.change.changedBy}</span>
                  ) : null}
                </li>
              ) : (
                <li key={`n-${line.note.id}`} id={noteElementId(line.note.id)} className="employer-history__note">
                  <span>Note by {line.note.authorName}</span> <time dateTime={line.at}>{formatDateTime(line.at)}</time>
                  <p className="employer-history__note-body">{line.note.body}</p>
                </li>
              ),
            )}
          </ol>
        </section>
      </div>
      <EmployerInterview applicationId={a.id} withdrawn={Boolean(a.withdrawnOn)} />
      <ApplicationRecordSection applicationId={a.id} />
      <EmployerMessages applicationId={a.id} candidateName={a.candidate.name} />
      <CvViewerDialog
        cv={viewing}
        onClose={() => {
          setViewing(null);
          refreshOpenings();
        }}
      />
    </section>
  );
}
