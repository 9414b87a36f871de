import { useState } from 'react';
import type { JobApplicationDetail } from '@careers/contracts/candidate-api';
import type { Interview } from '@careers/contracts/interviews';
import { useFocusWhenShown } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { dayIn, ownTimeZone, rangeIn, sameOnBothClocks, zoneName } from '../../../lib/interview-times';
import { notifySuccess } from '../../../lib/toast';
import { useBookOwnInterview, useCancelOwnInterview, useOwnInterview } from '../api/interviews';
import { InterviewSlotPicker } from './interview-slot-picker';
import './application-interview.css';

/** The booked time and the cancelled line: each takes the focus after the action that shows it. */
const BOOKED_ID = 'interview-booked';
const CANCELLED_ID = 'interview-cancelled';

const PLACE: Record<Interview['locationKind'], string> = {
  address: 'Address',
  phone: 'Phone number',
  video: 'Video call link',
};

/** Where and when a booked interview is, in the reader's zone with the interviewer's beside it where it differs. */
export function InterviewFacts({ interview, ownZone }: { interview: Interview; ownZone: string }) {
  if (!interview.startsAt || !interview.endsAt) return null;
  const { startsAt, endsAt, timeZone } = interview;
  return (
    <dl className="interview-facts">
      <div>
        <dt>When (your time, {zoneName(ownZone)})</dt>
        <dd>
          <time dateTime={startsAt}>
            {dayIn(startsAt, ownZone)}, {rangeIn(startsAt, endsAt, ownZone)}
          </time>
        </dd>
      </div>
      {sameOnBothClocks(startsAt, endsAt, ownZone, timeZone) ? null : (
        <div>
          <dt>The interviewer&apos;s time ({zoneName(timeZone)})</dt>
          <dd>
            {dayIn(startsAt, timeZone)}, {rangeIn(startsAt, endsAt, timeZone)}
          </dd>
        </div>
      )}
      <div>
        <dt>With</dt>
        <dd>{interview.interviewerName}</dd>
      </div>
      <div>
        <dt>{PLACE[interview.locationKind]}, as the employer wrote it</dt>
        <dd className="interview-facts__place">{interview.location}</dd>
      </div>
    </dl>
  );
}

/**
 * The application's interview (issue 28 item 3): the open times to choose from once the employer invites,
 * then the booked time (the calendar invitation comes by email), which the candidate can move or cancel.
 * Nothing until there is an interview.
 */
export function ApplicationInterview({ application }: { application: JobApplicationDetail }) {
  const query = useOwnInterview(application.id);
  const book = useBookOwnInterview(application.id);
  const cancel = useCancelOwnInterview(application.id);
  const [moving, setMoving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const focusWhenShown = useFocusWhenShown();
  const ownZone = ownTimeZone();
  const interview = query.data?.interview;
  if (query.isPending) return <Spinner label="Loading the interview" />;
  if (query.isError) return <AlertBanner type="alert-danger" message={firstServerErrorOr(query.error)} />;
  if (!interview) return null;
  const business = application.business.name;
  const withdrawn = Boolean(application.withdrawnOn);
  const choose = (startsAt: string) =>
    book.mutate(startsAt, {
      onSuccess: () => {
        setMoving(false);
        notifySuccess('Interview booked. The calendar invitation is on its way to your email.');
        focusWhenShown(BOOKED_ID);
      },
    });

  return (
    <section id="interview" className="card application-interview" aria-labelledby="interview-title">
      <h2 id="interview-title">Interview</h2>
      {book.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(book.error)} /> : null}
      {cancel.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(cancel.error)} /> : null}
      {interview.status === 'invited' && !withdrawn ? (
        <>
          <p>
            {business} invites you to an interview with {interview.interviewerName} ({interview.slotMinutes} minutes).
            Choose a time: it is booked at once, and you both get a calendar invitation by email.
          </p>
          <InterviewSlotPicker
            slots={interview.slots}
            ownZone={ownZone}
            interviewerZone={interview.timeZone}
            submitLabel="Book this time"
            busy={book.isPending}
            onChoose={choose}
          />
        </>
      ) : null}
      {interview.status === 'booked' ? (
        <>
          <div id={BOOKED_ID}>
            <p className="application-interview__status">Your interview is booked.</p>
            <InterviewFacts interview={interview} ownZone={ownZone} />
          </div>
          {moving ? (
            <InterviewSlotPicker
              slots={interview.slots}
              ownZone={ownZone}
              interviewerZone={interview.timeZone}
              submitLabel="Move to this time"
              busy={book.isPending}
              onChoose={choose}
            />
          ) : null}
          {!withdrawn ? (
            <div className="application-interview__actions">
              <Button variant="secondary" onClick={() => setMoving(!moving)} aria-expanded={moving}>
                {moving ? 'Keep this time' : 'Change the time'}
              </Button>
              <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
                Cancel the interview
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {interview.status === 'cancelled' ? (
        <p id={CANCELLED_ID} className="muted">
          The interview was cancelled{interview.cancelledBy === 'candidate' ? ' by you' : ` by ${business}`}.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Cancel the interview?"
        message={`${business} is told at once, and the interview leaves both calendars.`}
        confirmLabel="Cancel the interview"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () => {
              notifySuccess('Interview cancelled.');
              focusWhenShown(CANCELLED_ID);
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** The interview as the newest step of the application's progress: invited, booked for a time, or cancelled. */
export function InterviewProgressStep({ applicationId }: { applicationId: string }) {
  const interview = useOwnInterview(applicationId).data?.interview;
  if (!interview) return null;
  const zone = ownTimeZone();
  const label =
    interview.status === 'invited'
      ? 'Invited to an interview: choose a time'
      : interview.status === 'booked'
        ? 'Interview booked'
        : 'Interview cancelled';
  return (
    <li>
      <span className="application-card__step">{label}</span>
      {interview.status === 'booked' && interview.startsAt ? (
        <time dateTime={interview.startsAt}>{`${dayIn(interview.startsAt, zone)}, ${rangeIn(
          interview.startsAt,
          interview.endsAt ?? interview.startsAt,
          zone,
        )}`}</time>
      ) : null}
    </li>
  );
}
