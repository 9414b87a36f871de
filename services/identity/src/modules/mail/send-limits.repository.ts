import type { Db } from '../../db';

export interface SendLimits {
  intervalSeconds: number;
  perHour: number;
}

export type SendPurpose =
  'sign-in' | 'email-change' | 'email-change-current' | 'account-deletion' | 'confirmation' | 'reset';

/**
 * Counts one send to (email, purpose), or says how long to wait: one per interval and perHour per
 * hour. The row is locked for the rest of the transaction so that concurrent sends queue up.
 */
export async function reserveMailSend(
  db: Db,
  emailNormalized: string,
  purpose: SendPurpose,
  now: Date,
  limits: SendLimits,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  await db
    .insertInto('send_limits')
    .values({
      email_normalized: emailNormalized,
      purpose,
      last_sent_at: new Date(0),
      window_started_at: now,
      window_count: 0,
    })
    .onConflict((oc) => oc.columns(['email_normalized', 'purpose']).doNothing())
    .execute();
  const row = await db
    .selectFrom('send_limits')
    .select(['last_sent_at', 'window_started_at', 'window_count'])
    .where('email_normalized', '=', emailNormalized)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const t = now.getTime();
  const sinceLast = t - row.last_sent_at.getTime();
  if (sinceLast < limits.intervalSeconds * 1000) {
    return { allowed: false, retryAfterSeconds: Math.ceil((limits.intervalSeconds * 1000 - sinceLast) / 1000) };
  }
  const hour = 3600 * 1000;
  const windowOpen = t - row.window_started_at.getTime() < hour;
  if (windowOpen && row.window_count >= limits.perHour) {
    return { allowed: false, retryAfterSeconds: Math.ceil((row.window_started_at.getTime() + hour - t) / 1000) };
  }
  await db
    .updateTable('send_limits')
    .set({
      last_sent_at: now,
      window_started_at: windowOpen ? row.window_started_at : now,
      window_count: windowOpen ? row.window_count + 1 : 1,
    })
    .where('email_normalized', '=', emailNormalized)
    .where('purpose', '=', purpose)
    .execute();
  return { allowed: true };
}
