import { dropUnsent, queueMail, mailQueuedSince } from './mail.repository';
import { reserveMailSend } from './send-limits.repository';

export type { SendLimits, SendPurpose } from './send-limits.repository';

/**
 * The outbox as the other modules use it: they queue and drop messages and count sends through these
 * functions, never through the mail tables (docs/decisions/0185).
 *
 * Called inside the transaction that creates the code or token the message carries. expiresAt is when
 * that code or link stops working: past it the message is neither sent nor kept; userId is the account
 * the message belongs to, whose deletion removes the row.
 */
export { queueMail };

/**
 * When each message of a kind was queued for a user since a time, oldest first: the outbox keeps its rows
 * for RETENTION_DAYS (at least a day), so this counts what went out over the last day.
 */
export { mailQueuedSince };

/** Removes a user's messages of one kind that have not gone out (and are not being sent now). */
export { dropUnsent };

/**
 * Counts one send to (email, purpose), or says how long to wait: one per interval and perHour per hour.
 * The row stays locked for the rest of the transaction so that concurrent sends queue up.
 */
export { reserveMailSend };
