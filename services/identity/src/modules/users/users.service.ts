import type { Role } from '@careers/contracts/enums';
import type { UserProfile } from '@careers/contracts/identity';
import type { Db } from '../../db';
import * as users from './users.repository';
import type { UserRecord } from './users.repository';

export type { UserRecord } from './users.repository';

export function toProfile(user: UserRecord): UserProfile {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, roles: user.roles, notFound: false };
}

export const ACCOUNT_GONE = 'The account no longer exists.';

export const NOT_FOUND_PROFILE: UserProfile = {
  id: null,
  name: null,
  email: null,
  phone: null,
  roles: [],
  notFound: true,
};

// The accounts as the other modules see them (docs/decisions/0185): only this module reads the users table.

export function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  return users.findUserById(db, id);
}

export function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  return users.findUserByEmail(db, email);
}

/** Undefined when the address is taken (the unique index decides, so two racing sign-ups cannot both win). */
export function createUser(
  db: Db,
  user: { email: string; name: string; phone: string; roles: Role[]; passwordHash: string | null },
): Promise<UserRecord | undefined> {
  return users.insertUser(db, user);
}

/** True only for the first proof of the address: the row lock makes one of two racing proofs the first. */
export function markEmailConfirmed(db: Db, id: string, now: Date): Promise<boolean> {
  return users.markEmailConfirmed(db, id, now);
}

export function setPassword(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  return users.setPassword(db, id, passwordHash, now);
}

export function clearPassword(db: Db, id: string, now: Date): Promise<void> {
  return users.clearPassword(db, id, now);
}

/** Moves the account to a proved address; false when another account holds it. */
export function changeEmail(db: Db, id: string, email: string, now: Date): Promise<boolean> {
  return users.changeEmail(db, id, email, now);
}

// GET and PUT /api/user and the lookups by address.

/** GET /api/user: the caller's profile, or the notFound profile when the account was deleted. */
export async function profileOf(db: Db, userId: string): Promise<UserProfile> {
  const user = await users.findUserById(db, userId);
  return user ? toProfile(user) : NOT_FOUND_PROFILE;
}

/** PUT /api/user: false when the account no longer exists. */
export function updateProfile(
  db: Db,
  userId: string,
  profile: { name: string; phone: string },
  now: Date,
): Promise<boolean> {
  return users.updateUserProfile(db, userId, profile, now);
}

/** GET /api/user/email-exists/:email. */
export async function accountExists(db: Db, email: string): Promise<boolean> {
  return (await users.findUserByEmail(db, email)) !== undefined;
}

/**
 * GET /api/user/userid-by-email/:email: the caller sees their own profile in full; anyone else's only as
 * id, address and roles. Undefined when no account has the address.
 */
export async function lookUpByEmail(db: Db, callerId: string, email: string): Promise<UserProfile | undefined> {
  const user = await users.findUserByEmail(db, email);
  if (!user) return undefined;
  if (user.id === callerId) return toProfile(user);
  return { id: user.id, name: null, email: user.email, phone: null, roles: user.roles, notFound: false };
}
