import type { MailMessage } from '@careers/server-kit/mail';
import type { Db } from '../../db';
import { dropUnsentMail, enqueueMail } from './mail.repository';
import { reserveSend, type SendLimits, type SendPurpose } from './send-limits.repository';

export type { SendLimits, SendPurpose } from './send-limits.repository';

/**
 * The outbox as the other modules use it: they queue and drop messages and count sends through these
 * functions, never through the mail tables (docs/decisions/0185).
 *
 * Called inside the transaction that creates the code or token the message carries. expiresAt is when
 * that code or link stops working: past it the message is neither sent nor kept; userId is the account
 * the message belongs to, whose deletion removes the row.
 */
export function queueMail(
  db: Db,
  message: MailMessage,
  now: Date,
  carries: { expiresAt: Date; userId: string; sendAt?: Date },
): Promise<void> {
  return enqueueMail(db, message, now, carries);
}

/** Removes a user's messages of one kind that have not gone out (and are not being sent now). */
export function dropUnsent(db: Db, userId: string, kind: string, now: Date): Promise<void> {
  return dropUnsentMail(db, userId, kind, now);
}

/**
 * Counts one send to (email, purpose), or says how long to wait: one per interval and perHour per hour.
 * The row stays locked for the rest of the transaction so that concurrent sends queue up.
 */
export function reserveMailSend(
  db: Db,
  emailNormalized: string,
  purpose: SendPurpose,
  now: Date,
  limits: SendLimits,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  return reserveSend(db, emailNormalized, purpose, now, limits);
}
