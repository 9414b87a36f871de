import { randomUUID } from 'node:crypto';
import type { Role } from '@careers/contracts/enums';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  phone: string;
  roles: Role[];
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
}

const columns = ['id', 'email', 'name', 'phone', 'roles', 'password_hash', 'email_confirmed_at'] as const;

function toRecord(row: {
  id: string;
  email: string;
  name: string;
  phone: string;
  roles: string[];
  password_hash: string | null;
  email_confirmed_at: Date | null;
}): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    roles: row.roles as Role[],
    passwordHash: row.password_hash,
    emailConfirmedAt: row.email_confirmed_at,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** Undefined when the address is taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function insertUser(
  db: Db,
  user: { email: string; name: string; phone: string; roles: Role[]; passwordHash: string | null },
): Promise<UserRecord | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: user.email.trim(),
      email_normalized: normalizeEmail(user.email),
      name: user.name,
      phone: user.phone,
      roles: user.roles,
      password_hash: user.passwordHash,
    })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function updateUserProfile(
  db: Db,
  id: string,
  profile: { name: string; phone: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ name: profile.name, phone: profile.phone, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setPassword(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
}

/** True only for the first proof of the address: the row lock makes one of two racing proofs the first. */
export async function markEmailConfirmed(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function clearPassword(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: null, updated_at: now }).where('id', '=', id).execute();
}

/** False when another account holds the address. */
export async function changeEmail(db: Db, id: string, email: string, now: Date): Promise<boolean> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normalizeEmail(email))
    .where('id', '<>', id)
    .executeTakeFirst();
  if (taken) return false;
  await db
    .updateTable('users')
    .set({ email: email.trim(), email_normalized: normalizeEmail(email), email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Moves an account whose address was never proved to another address, still unproved. False when the
 * address was proved meanwhile or another account holds the new one (the row lock and the unique index
 * decide under a race).
 */
export async function moveUnprovenEmail(db: Db, id: string, email: string, now: Date): Promise<boolean> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normalizeEmail(email))
    .where('id', '<>', id)
    .executeTakeFirst();
  if (taken) return false;
  const result = await db
    .updateTable('users')
    .set({ email: email.trim(), email_normalized: normalizeEmail(email), updated_at: now })
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
