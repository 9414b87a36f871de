import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  INTERVIEW_LIMITS,
  type Availability,
  type Interview,
  type InterviewFeed,
  type JobInterviews,
  type InterviewLocationKind,
} from '@careers/contracts/interviews';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { productMetrics } from '@careers/server-kit/metrics';
import { HttpProblem } from '@careers/server-kit/problem';
import type { CandidateDatabase, Db } from '../../db';
import { requireCandidate } from '../candidates/candidates.service';
import { QUOTAS, enforceWindowQuota, lockQuota } from '../quotas/quotas';
import { requireMemberJob } from '../jobs/business-jobs.service';
import { memberMaySeeJob, type Member } from '../team/team.service';
import { recordEmployerEvent } from '../employer-notifications/employer-notifications.service';
import { feedIcs, type CalendarEvent } from './ics';
import {
  bookedTimesOf,
  cancelBookedInterviewsBeforeDeletion,
  currentInterview,
  feedInterviewsOf,
  findApplicationOfBusiness,
  findApplicationOfCandidate,
  findAvailability,
  findBusinessMember,
  insertInterview,
  openInterviewsOfJob,
  queueInterviewMail,
  updateInterview,
  upsertAvailability,
  type AvailabilityRow,
  type InterviewMailKind,
  type InterviewRow,
  type Recipient,
} from './interviews.repository';
import { INTERVIEW_MAIL_KIND } from './interviews.mail';
import { openSlots, type Slot } from './slots';

/**
 * Interviews (issue 28 items 2-5, docs/decisions/0430-0435): a member's availability, the invitation from an
 * application, the candidate's booking of one open slot, reschedules and cancels by either side, and the
 * member's calendar feed. Every change queues its e-mails in its own transaction.
 */

export const APPLICATION_NOT_FOUND = 'No such application.';
export const NO_AVAILABILITY =
  'Set when you can interview first (Interviews in the console): the candidate chooses from those times.';
export const INTERVIEWER_NO_AVAILABILITY =
  'This team member has not set when they can interview yet: ask them to, or invite as yourself.';
export const INTERVIEWER_NOT_IN_TEAM = 'This person is not in your team.';
export const WITHDRAWN = 'The candidate withdrew this application.';
export const NO_INTERVIEW = 'There is no interview for this application yet.';
export const INTERVIEW_CANCELLED = 'This interview was cancelled.';
export const SLOT_TAKEN = 'This time is no longer open: someone else may just have booked it. Choose another time.';
/** How often a candidate may move one booked interview: each move e-mails the interviewer (docs/decisions/0533). */
export const MOVES_PER_INTERVIEW = 3;
export const MOVES_USED = `You have moved this interview ${MOVES_PER_INTERVIEW} times, as often as it can be moved. To change it again, cancel it.`;
export const FEED_NOT_FOUND =
  'This calendar address is not valid: it was replaced or removed. Make a new one in the console.';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The reminder goes this long before the interview. */
export const REMINDER_BEFORE_MS = DAY;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAvailability(row: AvailabilityRow): Availability {
  return {
    timeZone: row.time_zone,
    slotMinutes: row.slot_minutes,
    bufferMinutes: row.buffer_minutes,
    weekly: row.weekly,
    exceptions: row.exceptions,
    datesOff: row.dates_off,
    locationKind: row.location_kind as InterviewLocationKind,
    location: row.location,
  };
}

/** The window slots are offered in: from the notice time to the days ahead. */
function offerWindow(now: number) {
  return {
    from: now + INTERVIEW_LIMITS.noticeHours * HOUR,
    to: now + INTERVIEW_LIMITS.daysAhead * DAY,
  };
}

/** The open slots of an interview's interviewer (a booked interview's own time left out of what is busy). */
async function slotsOf(db: Db, interview: InterviewRow, now: number, forUpdate = false): Promise<Slot[]> {
  const availability = await findAvailability(db, interview.business_id, interview.interviewer_user_id, forUpdate);
  if (!availability) return [];
  const window = offerWindow(now);
  const busy = await bookedTimesOf(db, interview.interviewer_user_id, new Date(window.from - DAY), interview.id);
  return openSlots(toAvailability(availability), window, busy);
}

/**
 * The first open times of an invited interview, for its e-mail (the application's page lists them all);
 * none once it is booked or cancelled.
 */
export async function firstOpenTimes(
  db: Db,
  interviewId: string,
  now: number,
  count: number,
): Promise<{ start: Date; end: Date }[]> {
  const row = await db.selectFrom('interviews').selectAll().where('id', '=', interviewId).executeTakeFirst();
  if (!row || row.status !== 'invited') return [];
  return (await slotsOf(db, row, now))
    .slice(0, count)
    .map((slot) => ({ start: new Date(slot.start), end: new Date(slot.end) }));
}

async function toInterview(db: Db, row: InterviewRow, now: number): Promise<Interview> {
  const availability = await findAvailability(db, row.business_id, row.interviewer_user_id);
  const open = row.status !== 'cancelled' && (row.starts_at === null || row.starts_at.getTime() > now);
  return {
    id: row.id,
    applicationId: row.application_id,
    status: row.status,
    interviewerName: row.interviewer_name,
    timeZone: row.time_zone,
    slotMinutes: availability?.slot_minutes ?? 0,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    locationKind: row.location_kind as InterviewLocationKind,
    location: row.location,
    cancelledBy: row.cancelled_by,
    slots: open
      ? (await slotsOf(db, row, now)).map((s) => ({
          startsAt: new Date(s.start).toISOString(),
          endsAt: new Date(s.end).toISOString(),
        }))
      : [],
  };
}

async function queueMail(db: Db, row: InterviewRow, kind: InterviewMailKind, to: Recipient[], now: Date) {
  await queueInterviewMail(db, row, kind, to, now);
  for (const _ of to) productMetrics.emailsQueued().inc({ kind: `${INTERVIEW_MAIL_KIND} ${kind}` });
}

// ---- Availability ----

export async function ownAvailability(db: Db, member: Member): Promise<{ availability: Availability | null }> {
  const row = await findAvailability(db, member.business.id, member.userId);
  return { availability: row ? toAvailability(row) : null };
}

export async function setOwnAvailability(
  db: Db,
  member: Member,
  body: Availability,
  now: Date,
): Promise<{ availability: Availability }> {
  await upsertAvailability(db, {
    business_id: member.business.id,
    user_id: member.userId,
    time_zone: body.timeZone,
    slot_minutes: body.slotMinutes,
    buffer_minutes: body.bufferMinutes,
    weekly: body.weekly,
    exceptions: body.exceptions,
    dates_off: body.datesOff ?? [],
    location_kind: body.locationKind,
    location: body.location,
    updated_at: now,
  });
  return { availability: { ...body, datesOff: body.datesOff ?? [] } };
}

// ---- The employer's side ----

async function requireApplication(db: Db, member: Member, applicationId: string, forUpdate = false) {
  const application = await findApplicationOfBusiness(db, member.business.id, applicationId, forUpdate);
  if (!application || !(await memberMaySeeJob(db, member, application.job_id)))
    throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return application;
}

/**
 * Opens an interview for an application with an interviewer of the business who set their availability,
 * and queues the candidate's invitation; an open interview already there is answered as it is.
 */
async function openInterview(
  trx: Db,
  member: Member,
  application: { id: string; candidate_id: string },
  interviewerUserId: string,
  now: Date,
): Promise<InterviewRow | null> {
  const open = await currentInterview(trx, application.id);
  if (open && open.status !== 'cancelled') return open;
  const interviewer = await findBusinessMember(trx, member.business.id, interviewerUserId);
  const availability = interviewer && (await findAvailability(trx, member.business.id, interviewerUserId));
  if (!interviewer || !availability) return null;
  const row: InterviewRow = {
    id: randomUUID(),
    application_id: application.id,
    candidate_id: application.candidate_id,
    business_id: member.business.id,
    interviewer_user_id: interviewer.user_id,
    interviewer_name: interviewer.name?.trim() || interviewer.email,
    interviewer_email: interviewer.email,
    status: 'invited',
    starts_at: null,
    ends_at: null,
    location_kind: availability.location_kind,
    location: availability.location,
    time_zone: availability.time_zone,
    sequence: 0,
    reminded_at: null,
    cancelled_by: null,
    created_at: now,
    updated_at: now,
  };
  await insertInterview(trx, row);
  await queueMail(trx, row, 'invitation', ['candidate'], now);
  return row;
}

export async function inviteToInterview(
  db: Kysely<CandidateDatabase>,
  member: Member,
  applicationId: string,
  interviewerUserId: string | undefined,
  now: Date,
): Promise<{ interview: Interview }> {
  const row = await db.transaction().execute(async (trx) => {
    const application = await requireApplication(trx, member, applicationId, true);
    if (application.withdrawn_at) throw new HttpProblem(409, WITHDRAWN);
    const who = interviewerUserId ?? member.userId;
    if (!(await findBusinessMember(trx, member.business.id, who))) throw new HttpProblem(404, INTERVIEWER_NOT_IN_TEAM);
    const opened = await openInterview(trx, member, application, who, now);
    if (!opened) throw new HttpProblem(409, who === member.userId ? NO_AVAILABILITY : INTERVIEWER_NO_AVAILABILITY);
    return opened;
  });
  return { interview: await toInterview(db, row, now.getTime()) };
}

/**
 * Called in the transaction that moves an application to "Schedule interview": the mover is invited as the
 * interviewer when they set their availability and the application has no open interview. Otherwise
 * nothing: the status e-mail still goes, and the employer can invite from the application's page.
 */
export async function inviteOnScheduleInterview(
  trx: Db,
  member: Member,
  application: { id: string; candidate_id: string },
  now: Date,
): Promise<void> {
  await openInterview(trx, member, application, member.userId, now);
}

export async function interviewOfBusiness(
  db: Db,
  member: Member,
  applicationId: string,
  now: Date,
): Promise<{ interview: Interview | null }> {
  await requireApplication(db, member, applicationId);
  const row = await currentInterview(db, applicationId);
  return { interview: row ? await toInterview(db, row, now.getTime()) : null };
}

/** The open interviews of a job's applications (the pipeline shows them on the cards). */
export async function interviewsOfJob(db: Db, member: Member, jobId: string): Promise<JobInterviews> {
  const job = await requireMemberJob(db, member, jobId);
  const rows = await openInterviewsOfJob(db, job.id);
  return {
    interviews: rows.map((r) => ({
      applicationId: r.application_id,
      status: r.status as 'invited' | 'booked',
      startsAt: iso(r.starts_at),
      timeZone: r.time_zone,
    })),
  };
}

// ---- Booking, moving and cancelling: either side ----

/**
 * Books (or moves) the interview to one open slot. The interview row and then the interviewer's availability
 * row are locked, so the bookings of one interviewer queue one after the other on every instance, and the
 * slot is checked against what is booked when it is this booking's turn; the unique index on (interviewer,
 * start) holds even without the lock (docs/decisions/0432). Booking mails both sides the invitation;
 * moving raises SEQUENCE and mails the update.
 */
/**
 * A candidate's move of a booked interview, counted under the candidate's lock: 409 past the moves one
 * interview allows, 429 with Retry-After past the candidate's moves an hour (docs/decisions/0533).
 */
async function countCandidateMove(trx: Db, row: InterviewRow, now: Date): Promise<void> {
  await lockQuota(trx, 'interviewMoves', row.candidate_id);
  const ofInterview = await trx
    .selectFrom('interview_moves')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('interview_id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (Number(ofInterview.n) >= MOVES_PER_INTERVIEW) throw new HttpProblem(409, MOVES_USED);
  const quota = QUOTAS.interviewMoves;
  const lastHour = await trx
    .selectFrom('interview_moves')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('moved_at').as('oldest')])
    .where('candidate_id', '=', row.candidate_id)
    .where('moved_at', '>', new Date(now.getTime() - quota.windowMs))
    .executeTakeFirstOrThrow();
  enforceWindowQuota(
    quota,
    { count: Number(lastHour.n), oldest: lastHour.oldest ? new Date(lastHour.oldest) : null },
    now.getTime(),
  );
  await trx
    .insertInto('interview_moves')
    .values({ interview_id: row.id, candidate_id: row.candidate_id, moved_at: now })
    .execute();
}

async function book(
  db: Kysely<CandidateDatabase>,
  applicationId: string,
  startsAt: string,
  now: Date,
  byCandidate = false,
): Promise<InterviewRow> {
  const wanted = Date.parse(startsAt);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await currentInterview(trx, applicationId, true);
      if (!row) throw new HttpProblem(404, NO_INTERVIEW);
      if (row.status === 'cancelled') throw new HttpProblem(409, INTERVIEW_CANCELLED);
      if (row.starts_at?.getTime() === wanted) return row;
      const moving = row.status === 'booked';
      if (moving && byCandidate) await countCandidateMove(trx, row, now);
      const slot = (await slotsOf(trx, row, now.getTime(), true)).find((s) => s.start === wanted);
      if (!slot) throw new HttpProblem(409, SLOT_TAKEN);
      const changed: InterviewRow = {
        ...row,
        status: 'booked',
        starts_at: new Date(slot.start),
        ends_at: new Date(slot.end),
        sequence: moving ? row.sequence + 1 : row.sequence,
        // Booked within a day of it: the booking's own e-mail is the reminder.
        reminded_at: slot.start - now.getTime() <= REMINDER_BEFORE_MS ? now : null,
        updated_at: now,
      };
      await updateInterview(trx, row.id, {
        status: changed.status,
        starts_at: changed.starts_at,
        ends_at: changed.ends_at,
        sequence: changed.sequence,
        reminded_at: changed.reminded_at,
        updated_at: now,
      });
      await queueMail(trx, changed, moving ? 'rescheduled' : 'booked', ['candidate', 'interviewer'], now);
      if (byCandidate)
        await recordEmployerEvent(trx, {
          kind: 'bookingChange',
          detail: moving ? 'moved' : 'booked',
          applicationId,
          now,
          exceptUserId: row.interviewer_user_id,
        });
      return changed;
    });
  } catch (err) {
    // Another instance booked the same start of this interviewer in between (the unique index).
    if ((err as { code?: string }).code === '23505') throw new HttpProblem(409, SLOT_TAKEN);
    throw err;
  }
}

/** Cancels the open interview of an application in the caller's transaction; null when there is none. */
async function cancelIn(
  trx: Db,
  applicationId: string,
  by: 'candidate' | 'employer',
  now: Date,
): Promise<InterviewRow | null> {
  const row = await currentInterview(trx, applicationId, true);
  if (!row || row.status === 'cancelled') return row ?? null;
  const wasBooked = row.status === 'booked';
  const changed: InterviewRow = {
    ...row,
    status: 'cancelled',
    cancelled_by: by,
    sequence: row.sequence + 1,
    updated_at: now,
  };
  await updateInterview(trx, row.id, {
    status: 'cancelled',
    cancelled_by: by,
    sequence: changed.sequence,
    updated_at: now,
  });
  // A booked interview is in both calendars: both get the CANCEL. An invitation not taken up yet: the
  // other side is told.
  const to: Recipient[] = wasBooked ? ['candidate', 'interviewer'] : [by === 'candidate' ? 'interviewer' : 'candidate'];
  await queueMail(trx, changed, 'cancelled', to, now);
  return changed;
}

async function cancel(
  db: Kysely<CandidateDatabase>,
  applicationId: string,
  by: 'candidate' | 'employer',
  now: Date,
): Promise<InterviewRow> {
  return db.transaction().execute(async (trx) => {
    const before = await currentInterview(trx, applicationId, true);
    const row = await cancelIn(trx, applicationId, by, now);
    if (!row) throw new HttpProblem(404, NO_INTERVIEW);
    if (by === 'candidate' && before?.status !== 'cancelled')
      await recordEmployerEvent(trx, {
        kind: 'bookingChange',
        detail: 'cancelled',
        applicationId,
        now,
        exceptUserId: row.interviewer_user_id,
      });
    return row;
  });
}

/**
 * Called in the transaction that withdraws an application: its open interview is cancelled by the
 * candidate, and a booked one leaves both calendars.
 */
export async function cancelInterviewOnWithdrawal(trx: Db, applicationId: string, now: Date): Promise<void> {
  await cancelIn(trx, applicationId, 'candidate', now);
}

/**
 * Called in the transaction that closes a job (the employer chose "cancel and tell them") and in the one
 * that gives an application the job's outcome (docs/decisions/0547): an invitation, or a booked interview not
 * over yet, is cancelled by the employer, by the same e-mails (METHOD:CANCEL when booked). One already over
 * is left as it happened. True when one was cancelled.
 */
export async function cancelInterviewAsJobEnds(trx: Db, applicationId: string, now: Date): Promise<boolean> {
  const row = await currentInterview(trx, applicationId, true);
  if (!row || row.status === 'cancelled') return false;
  if (row.status === 'booked' && row.ends_at && row.ends_at.getTime() <= now.getTime()) return false;
  return (await cancelIn(trx, applicationId, 'employer', now)) !== null;
}

/**
 * Called in the transaction that deletes applications (the candidate's account, a CV taken back from a
 * business, the retention job; docs/decisions/0436): each booked interview still to come leaves the
 * interviewer's calendar, told without the candidate.
 */
export async function cancelInterviewsBeforeDeletion(
  trx: Db,
  which: { applicationIds: string[] } | { candidateId: string },
  now: Date,
): Promise<void> {
  const cancelled = await cancelBookedInterviewsBeforeDeletion(trx, which, now);
  if (cancelled > 0) productMetrics.emailsQueued().inc({ kind: `${INTERVIEW_MAIL_KIND} cancelled` }, cancelled);
}

export async function rescheduleByBusiness(
  db: Kysely<CandidateDatabase>,
  member: Member,
  applicationId: string,
  startsAt: string,
  now: Date,
): Promise<{ interview: Interview }> {
  await requireApplication(db, member, applicationId);
  const row = await book(db, applicationId, startsAt, now);
  return { interview: await toInterview(db, row, now.getTime()) };
}

export async function cancelByBusiness(
  db: Kysely<CandidateDatabase>,
  member: Member,
  applicationId: string,
  now: Date,
): Promise<{ interview: Interview }> {
  await requireApplication(db, member, applicationId);
  const row = await cancel(db, applicationId, 'employer', now);
  return { interview: await toInterview(db, row, now.getTime()) };
}

// ---- The candidate's side ----

async function requireOwnApplication(db: Db, user: AuthUser, applicationId: string) {
  const candidate = await requireCandidate(db, user);
  const application = await findApplicationOfCandidate(db, candidate.id, applicationId);
  if (!application) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return application;
}

export async function ownInterview(
  db: Db,
  user: AuthUser,
  applicationId: string,
  now: Date,
): Promise<{ interview: Interview | null }> {
  await requireOwnApplication(db, user, applicationId);
  const row = await currentInterview(db, applicationId);
  return { interview: row ? await toInterview(db, row, now.getTime()) : null };
}

export async function bookOwnInterview(
  db: Kysely<CandidateDatabase>,
  user: AuthUser,
  applicationId: string,
  startsAt: string,
  now: Date,
): Promise<{ interview: Interview }> {
  const application = await requireOwnApplication(db, user, applicationId);
  if (application.withdrawn_at) throw new HttpProblem(409, WITHDRAWN);
  const row = await book(db, applicationId, startsAt, now, true);
  return { interview: await toInterview(db, row, now.getTime()) };
}

export async function cancelOwnInterview(
  db: Kysely<CandidateDatabase>,
  user: AuthUser,
  applicationId: string,
  now: Date,
): Promise<{ interview: Interview }> {
  await requireOwnApplication(db, user, applicationId);
  const row = await cancel(db, applicationId, 'candidate', now);
  return { interview: await toInterview(db, row, now.getTime()) };
}

/** Each application's current interview in short (the candidate's list and home, docs/decisions/0547). */
export async function interviewSummariesOf(db: Db, applicationIds: string[]) {
  const summaries = new Map<
    string,
    {
      status: InterviewRow['status'];
      startsAt: string | null;
      endsAt: string | null;
      cancelledBy: InterviewRow['cancelled_by'];
      cancelledOnClose: boolean;
    }
  >();
  if (applicationIds.length === 0) return summaries;
  const rows = await db
    .selectFrom('interviews as i')
    .innerJoin('job_applications as a', 'a.id', 'i.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select([
      'i.application_id',
      'i.status',
      'i.starts_at',
      'i.ends_at',
      'i.cancelled_by',
      'i.updated_at',
      'j.closed_at',
    ])
    .where('i.application_id', 'in', applicationIds)
    // As currentInterview: an open one first, else the newest.
    .orderBy('i.application_id')
    .orderBy(sql`case when i.status = 'cancelled' then 1 else 0 end`)
    .orderBy('i.created_at', 'desc')
    .execute();
  for (const r of rows) {
    if (summaries.has(r.application_id)) continue;
    summaries.set(r.application_id, {
      status: r.status,
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      cancelledBy: r.cancelled_by,
      cancelledOnClose:
        r.status === 'cancelled' &&
        r.cancelled_by === 'employer' &&
        r.closed_at !== null &&
        r.updated_at.getTime() >= r.closed_at.getTime(),
    });
  }
  return summaries;
}

/** The candidate's interviews for the data export: times, where, with whom, and what happened. */
export async function interviewsForExport(db: Db, candidateId: string) {
  const rows = await db
    .selectFrom('interviews')
    .select([
      'id',
      'application_id',
      'status',
      'interviewer_name',
      'starts_at',
      'ends_at',
      'location_kind',
      'location',
      'time_zone',
      'cancelled_by',
      'created_at',
      'updated_at',
    ])
    .where('candidate_id', '=', candidateId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.application_id,
    status: r.status,
    interviewerName: r.interviewer_name,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    locationKind: r.location_kind,
    location: r.location,
    timeZone: r.time_zone,
    cancelledBy: r.cancelled_by,
    invitedOn: r.created_at.toISOString(),
    changedOn: r.updated_at.toISOString(),
  }));
}

// ---- The interviewer's calendar feed ----

const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The feed's address on this service (public: the token is the authorization). */
export const FEED_PATH = '/interview-feeds';

export async function ownFeed(db: Db, member: Member): Promise<InterviewFeed> {
  const row = await db
    .selectFrom('interview_feeds')
    .select('created_at')
    .where('business_id', '=', member.business.id)
    .where('user_id', '=', member.userId)
    .executeTakeFirst();
  return { url: null, active: Boolean(row), createdOn: iso(row?.created_at ?? null) };
}

/** A new feed address for the caller; the old one, if any, stops working. Shown once. */
export async function newFeed(db: Db, member: Member, apiUrl: string, now: Date): Promise<InterviewFeed> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('interview_feeds')
    .values({ business_id: member.business.id, user_id: member.userId, token_hash: hashOf(token), created_at: now })
    .onConflict((oc) =>
      oc.columns(['business_id', 'user_id']).doUpdateSet({ token_hash: hashOf(token), created_at: now }),
    )
    .execute();
  return { url: `${apiUrl.replace(/\/+$/, '')}${FEED_PATH}/${token}.ics`, active: true, createdOn: now.toISOString() };
}

export async function removeFeed(db: Db, member: Member): Promise<InterviewFeed> {
  await db
    .deleteFrom('interview_feeds')
    .where('business_id', '=', member.business.id)
    .where('user_id', '=', member.userId)
    .execute();
  return { url: null, active: false, createdOn: null };
}

/** The calendar of a feed's token: the member's interviews of the last 30 days and ahead. */
export async function feedCalendar(db: Db, file: string, uidDomain: string, portalUrl: string, now: Date) {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
  if (!FEED_TOKEN.test(token)) throw new HttpProblem(404, FEED_NOT_FOUND);
  const feed = await db
    .selectFrom('interview_feeds as f')
    .innerJoin('business_members as m', (join) =>
      join.onRef('m.business_id', '=', 'f.business_id').onRef('m.user_id', '=', 'f.user_id'),
    )
    .innerJoin('businesses as b', 'b.id', 'f.business_id')
    .select(['f.business_id', 'f.user_id', 'b.name as business_name'])
    .where('f.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  // A removed member's feed ends with their membership.
  if (!feed) throw new HttpProblem(404, FEED_NOT_FOUND);
  const rows = await feedInterviewsOf(db, feed.business_id, feed.user_id, new Date(now.getTime() - 30 * DAY));
  const events: CalendarEvent[] = rows.map((r) => ({
    uid: `interview-${r.id}@${uidDomain}`,
    sequence: r.sequence,
    start: r.starts_at!,
    end: r.ends_at!,
    stamp: r.updated_at,
    summary: `Interview: ${r.candidate_name} (${r.title})`,
    description: `Interview with ${r.candidate_name} for ${r.title}. ${portalUrl}/employer/applications/${r.application_id}`,
    location: r.location,
    organizer: { name: r.interviewer_name, email: r.interviewer_email },
    attendee: { name: r.candidate_name, email: r.candidate_email },
    cancelled: r.status === 'cancelled',
  }));
  return feedIcs(`Interviews (${feed.business_name})`, events);
}
