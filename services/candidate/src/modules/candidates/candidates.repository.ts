import type { Selectable } from 'kysely';
import type { CandidatesTable, Db } from '../../db';

export type CandidateRow = Selectable<CandidatesTable>;

export function findCandidateByUser(db: Db, userId: string): Promise<CandidateRow | undefined> {
  return db.selectFrom('candidates').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Null when the user already has a candidate (the unique user_id decides, even under a race). */
export async function insertCandidate(
  db: Db,
  row: Omit<CandidateRow, 'created_at' | 'updated_at' | 'status_emails' | 'email_verified' | 'time_zone'> & {
    email_verified: boolean;
  },
): Promise<CandidateRow | null> {
  const inserted = await db
    .insertInto('candidates')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? null;
}

export function updateCandidate(
  db: Db,
  id: string,
  userId: string,
  changes: Pick<CandidateRow, 'name' | 'email' | 'phone_number' | 'postcode'>,
): Promise<CandidateRow | undefined> {
  return db
    .updateTable('candidates')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCandidate(db: Db, id: string): Promise<void> {
  await db.deleteFrom('candidates').where('id', '=', id).execute();
}

/** Answers whether a candidate row was there; CVs, applications, history and drops cascade with it. */
export async function deleteCandidateOfUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.deleteFrom('candidates').where('user_id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

/** The address as the account has it, and whether it is proved (from the token or an account notice). */
export function updateCandidateAddress(
  db: Db,
  id: string,
  address: { email: string; emailVerified?: boolean },
): Promise<CandidateRow | undefined> {
  return db
    .updateTable('candidates')
    .set({
      email: address.email,
      ...(address.emailVerified === undefined ? {} : { email_verified: address.emailVerified }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** An account notice: the user's candidate (if any) takes the account's address and its proof. */
export async function updateCandidateAddressOfUser(
  db: Db,
  userId: string,
  address: { email: string; emailVerified: boolean },
): Promise<boolean> {
  const rows = await db
    .updateTable('candidates')
    .set({ email: address.email, email_verified: address.emailVerified, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Whether the candidate gets an e-mail when an employer moves one of their applications. */
export async function statusEmailsOn(db: Db, candidateId: string): Promise<boolean> {
  const row = await db
    .selectFrom('candidates')
    .select('status_emails')
    .where('id', '=', candidateId)
    .executeTakeFirst();
  return row?.status_emails ?? false;
}

export async function setStatusEmails(db: Db, candidateId: string, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable('candidates')
    .set({ status_emails: on })
    .where('id', '=', candidateId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Locks the candidate's row until the transaction ends: what a candidate does one at a time waits here. */
export async function lockCandidate(trx: Db, candidateId: string): Promise<void> {
  await trx.selectFrom('candidates').select('id').where('id', '=', candidateId).forUpdate().executeTakeFirst();
}
