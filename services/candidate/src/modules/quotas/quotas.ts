import { sql } from 'kysely';
import { DATA_EXPORTS_PER_HOUR } from '@careers/contracts/candidate-api';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';

/**
 * How much one account may add. Each row costs storage and, for contact messages, an e-mail to the
 * provider; these are far above what a person does and far below what a script would.
 */
export const QUOTAS = {
  contactMessages: {
    limit: 5,
    windowMs: 60 * 60 * 1000,
    detail: 'You have sent 5 messages in the last hour. Try again later.',
  },
  cvDrops: {
    limit: 30,
    windowMs: 24 * 60 * 60 * 1000,
    detail: 'You have sent your CV to 30 businesses today. Try again tomorrow.',
  },
  // Each export reads every file of the candidate from the store: a few an hour is plenty for a person.
  dataExports: {
    limit: DATA_EXPORTS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    detail: `You can export your data ${DATA_EXPORTS_PER_HOUR} times an hour. Try again later.`,
  },
  // Each move of a booked interview e-mails the interviewer a new calendar invitation (docs/decisions/0533).
  interviewMoves: {
    limit: 5,
    windowMs: 60 * 60 * 1000,
    detail: 'You have moved interviews 5 times in the last hour. Try again later.',
  },
} as const;

export type WindowQuota = (typeof QUOTAS)[keyof typeof QUOTAS];

/**
 * Holds one account's lock of one quota until the transaction ends, for a quota with no row of its own to
 * lock (contact messages belong to a user who may have no candidate): the count and the insert made under
 * it are one step, so parallel requests queue here instead of all counting the same rows (docs/decisions/0238).
 * A transaction-scoped advisory lock: released by commit or rollback, never left behind. Quotas of a
 * candidate lock the candidate's row instead (lockCandidate of the candidates module).
 */
export async function lockQuota(trx: Db, quota: keyof typeof QUOTAS, subjectId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`quota:${quota}:${subjectId}`}, 0))`.execute(trx);
}

/** What was counted in the window: how many rows, and when the oldest of them was made. */
export interface WindowUse {
  count: number;
  oldest: Date | null;
}

/** 429 with Retry-After (when the oldest counted row leaves the window) once the limit is reached. */
export function enforceWindowQuota(quota: WindowQuota, use: WindowUse, now = Date.now()): void {
  if (use.count < quota.limit) return;
  const freeAt = (use.oldest?.getTime() ?? now) + quota.windowMs;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
  throw new HttpProblem(429, quota.detail, { headers: { 'Retry-After': String(retryAfter) } });
}
