import { useState } from 'react';
import { Link } from 'react-router';
import type { Interview } from '@careers/contracts/interviews';
import { useFocusWhenShown } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { dayIn, ownTimeZone, rangeIn, slotInBothZones, zoneName } from '../../../lib/interview-times';
import { notifySuccess } from '../../../lib/toast';
import { useBusinessInterview, useCancelInterview, useInviteToInterview, useMoveInterview } from '../api/interviews';
import { employerPaths } from '../paths';
import { SelectField } from './select-field';
import './interview-availability-page.css';

/** What an invitation, a move and a cancelling show, each taking the focus after its action. */
const INVITED_ID = 'employer-interview-invited';
const BOOKED_ID = 'employer-interview-booked';
const NONE_ID = 'employer-interview-none';

function BookedTime({ interview }: { interview: Interview }) {
  const own = ownTimeZone();
  if (!interview.startsAt || !interview.endsAt) return null;
  const { startsAt, endsAt, timeZone } = interview;
  return (
    <dl className="employer-interview__facts">
      <div>
        <dt>When (your time, {zoneName(own)})</dt>
        <dd>
          <time dateTime={startsAt}>
            {dayIn(startsAt, own)}, {rangeIn(startsAt, endsAt, own)}
          </time>
        </dd>
      </div>
      <div>
        <dt>In the interviewer&apos;s zone ({zoneName(timeZone)})</dt>
        <dd>
          {dayIn(startsAt, timeZone)}, {rangeIn(startsAt, endsAt, timeZone)}
        </dd>
      </div>
      <div>
        <dt>Interviewer</dt>
        <dd>{interview.interviewerName}</dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd className="employer-interview__place">{interview.location}</dd>
      </div>
    </dl>
  );
}

/**
 * The application's interview in the console (issue 28 item 3): invite the candidate to choose a time (with
 * the caller as interviewer), see the booked time, move it to another open slot or cancel it.
 */
export function EmployerInterview({ applicationId, withdrawn }: { applicationId: string; withdrawn: boolean }) {
  const query = useBusinessInterview(applicationId);
  const invite = useInviteToInterview(applicationId);
  const move = useMoveInterview(applicationId);
  const cancel = useCancelInterview(applicationId);
  const [moveTo, setMoveTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const focusWhenShown = useFocusWhenShown();
  const interview = query.data?.interview ?? null;
  const open = interview && interview.status !== 'cancelled';
  const failed = [invite, move, cancel].find((m) => m.isError)?.error;

  return (
    <section className="card employer-interview" aria-labelledby="interview-title">
      <h2 id="interview-title">Interview</h2>
      {query.isPending ? <Spinner label="Loading the interview" /> : null}
      {query.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(query.error)} /> : null}
      {failed ? <AlertBanner type="alert-danger" message={firstServerErrorOr(failed)} /> : null}
      {query.data && !open ? (
        <>
          <p id={NONE_ID} className="muted">
            {interview?.status === 'cancelled'
              ? `The interview was cancelled${interview.cancelledBy === 'candidate' ? ' by the candidate' : ''}.`
              : 'No interview yet.'}{' '}
            Inviting emails the candidate a link to choose one of your open times (
            <Link to={employerPaths.interviews}>set them under Interviews</Link>).
          </p>
          {!withdrawn ? (
            <Button
              busy={invite.isPending}
              onClick={() =>
                invite.mutate(undefined, {
                  onSuccess: () => {
                    notifySuccess('Invitation sent to the candidate.');
                    focusWhenShown(INVITED_ID);
                  },
                })
              }
            >
              Invite to an interview
            </Button>
          ) : null}
        </>
      ) : null}
      {interview && interview.status === 'invited' ? (
        <p id={INVITED_ID}>
          Invited: the candidate chooses a time with {interview.interviewerName}. {interview.slots.length} open times
          are offered.
        </p>
      ) : null}
      {interview && interview.status === 'booked' ? (
        <>
          <div id={BOOKED_ID}>
            <p>Booked. Both of you got the calendar invitation by email.</p>
            <BookedTime interview={interview} />
          </div>
          {interview.slots.length > 0 ? (
            <form
              className="employer-interview__move"
              onSubmit={(event) => {
                event.preventDefault();
                if (moveTo)
                  move.mutate(moveTo, {
                    onSuccess: () => {
                      setMoveTo('');
                      notifySuccess('Interview moved. Both calendars get the new time.');
                      focusWhenShown(BOOKED_ID);
                    },
                  });
              }}
            >
              <SelectField
                label="Move to another open time"
                value={moveTo}
                onChange={(event) => setMoveTo(event.currentTarget.value)}
              >
                <option value="">Choose a time</option>
                {interview.slots.map((slot) => (
                  <option key={slot.startsAt} value={slot.startsAt}>
                    {slotInBothZones(slot.startsAt, slot.endsAt, ownTimeZone(), interview.timeZone)}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" variant="secondary" busy={move.isPending} disabled={!moveTo}>
                Move the interview
              </Button>
            </form>
          ) : null}
        </>
      ) : null}
      {open ? (
        <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
          {interview.status === 'booked' ? 'Cancel the interview' : 'Cancel the invitation'}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Cancel the interview?"
        message="The candidate is told at once; a booked interview leaves both calendars."
        confirmLabel="Cancel the interview"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () => {
              notifySuccess('Interview cancelled.');
              focusWhenShown(NONE_ID);
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
