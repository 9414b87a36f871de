import {
  DEFAULT_EMPLOYER_NOTIFICATIONS,
  type EmployerNoticeKind,
  type EmployerNotificationSettings,
} from '@careers/contracts/employer-notifications';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import type { Member } from '../team/team.service';
import { findSettings, insertEventAndNotices, saveSettings } from './employer-notifications.repository';
import { EMPLOYER_NOTICE_MAIL_KIND, type BookingDetail } from './employer-notifications.mail';

/*
 * What the employer hears of (docs/decisions/0497): each member's own choices, and the hook the use cases
 * call in their transaction when a candidate applies, replies, withdraws or changes an interview booking.
 */

/** The caller's own choices; the defaults until they save some. */
export async function ownNotificationSettings(db: Db, member: Member): Promise<EmployerNotificationSettings> {
  return (await findSettings(db, member.business.id, member.userId)) ?? DEFAULT_EMPLOYER_NOTIFICATIONS;
}

/** Saves the caller's choices: a member sets their own only (there is no other member to name). */
export async function setOwnNotificationSettings(
  db: Db,
  member: Member,
  settings: EmployerNotificationSettings,
  now = new Date(),
): Promise<EmployerNotificationSettings> {
  await saveSettings(db, member.business.id, member.userId, settings, now);
  return ownNotificationSettings(db, member);
}

/**
 * Called in the transaction of the candidate's change: records it for the digest and queues the e-mails
 * of the members who want it at once. `exceptUserId`: a member told of it otherwise (the interviewer).
 */
export async function recordEmployerEvent(
  trx: Db,
  event:
    | { kind: Exclude<EmployerNoticeKind, 'bookingChange'>; applicationId: string; now: Date }
    | { kind: 'bookingChange'; detail: BookingDetail; applicationId: string; now: Date; exceptUserId?: string },
): Promise<void> {
  const queued = await insertEventAndNotices(trx, { ...event, detail: 'detail' in event ? event.detail : null });
  if (queued > 0) productMetrics.emailsQueued().inc({ kind: EMPLOYER_NOTICE_MAIL_KIND }, queued);
}
