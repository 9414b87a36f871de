import type { Db } from '../../db';

export interface CodeRecord {
  emailNormalized: string;
  purpose: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
  userId: string | null;
  requestId: string | null;
}

/** One row per (e-mail, purpose): writing a new code replaces (voids) the previous one. */
export async function upsertCode(
  db: Db,
  code: {
    emailNormalized: string;
    purpose: string;
    codeHash: string;
    expiresAt: Date;
    userId: string | null;
    requestId: string | null;
    createdAt: Date;
  },
): Promise<void> {
  const values = {
    email_normalized: code.emailNormalized,
    purpose: code.purpose,
    code_hash: code.codeHash,
    expires_at: code.expiresAt,
    attempts: 0,
    consumed_at: null,
    user_id: code.userId,
    request_id: code.requestId,
    created_at: code.createdAt,
  };
  await db
    .insertInto('one_time_codes')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['email_normalized', 'purpose']).doUpdateSet({
        code_hash: values.code_hash,
        expires_at: values.expires_at,
        attempts: 0,
        consumed_at: null,
        user_id: values.user_id,
        request_id: values.request_id,
        created_at: values.created_at,
      }),
    )
    .execute();
}

const columns = [
  'email_normalized',
  'purpose',
  'code_hash',
  'expires_at',
  'attempts',
  'consumed_at',
  'user_id',
  'request_id',
] as const;

function toRecord(row: {
  email_normalized: string;
  purpose: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
  user_id: string | null;
  request_id: string | null;
}): CodeRecord {
  return {
    emailNormalized: row.email_normalized,
    purpose: row.purpose,
    codeHash: row.code_hash,
    expiresAt: row.expires_at,
    attempts: row.attempts,
    consumedAt: row.consumed_at,
    userId: row.user_id,
    requestId: row.request_id,
  };
}

export async function findCodeForUpdate(
  db: Db,
  emailNormalized: string,
  purpose: string,
): Promise<CodeRecord | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .select(columns)
    .where('email_normalized', '=', emailNormalized)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findCodeByRequestForUpdate(
  db: Db,
  requestId: string,
  purpose: string,
): Promise<CodeRecord | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .select(columns)
    .where('request_id', '=', requestId)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The user's code of a purpose that is still usable at `now` (not used, not expired, tries left). */
export async function findLiveCodeOfUser(
  db: Db,
  userId: string,
  purpose: string,
  now: Date,
  maxAttempts: number,
): Promise<CodeRecord | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .select(columns)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function recordWrongAttempt(db: Db, emailNormalized: string, purpose: string): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email_normalized', '=', emailNormalized)
    .where('purpose', '=', purpose)
    .execute();
}

export async function consumeCode(db: Db, emailNormalized: string, purpose: string, at: Date): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: at })
    .where('email_normalized', '=', emailNormalized)
    .where('purpose', '=', purpose)
    .execute();
}

export async function forgetCodesOf(db: Db, emailNormalized: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('email_normalized', '=', emailNormalized).execute();
}

/** Gives back a code that was used up in the same transaction, when the step it belonged to failed later. */
export async function releaseCode(db: Db, emailNormalized: string, purpose: string): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: null })
    .where('email_normalized', '=', emailNormalized)
    .where('purpose', '=', purpose)
    .execute();
}

/** The user's codes of the given purposes, whatever address they went to. */
export async function forgetCodesByPurpose(db: Db, userId: string, purposes: string[]): Promise<void> {
  await db.deleteFrom('one_time_codes').where('user_id', '=', userId).where('purpose', 'in', purposes).execute();
}
