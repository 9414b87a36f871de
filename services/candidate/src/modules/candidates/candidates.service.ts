import { randomUUID } from 'node:crypto';
import type { Candidate, CandidateCreate, CandidateCreated, CandidateUpdate } from '@careers/contracts/candidate';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import {
  deleteCandidateOfUser,
  findCandidateByUser,
  statusEmailsOn,
  insertCandidate,
  lockCandidate,
  updateCandidate,
  updateCandidateAddress,
  updateCandidateAddressOfUser,
  setStatusEmails,
  type CandidateRow,
} from './candidates.repository';
import type { Db } from '../../db';

export type { CandidateRow };
/** An account notice: the user's candidate (if any) takes the account's address and its proof. */
export { updateCandidateAddressOfUser };
/** A deleted account: its candidate goes (CVs, applications, history and drops cascade). */
export { deleteCandidateOfUser };
/** The candidate's status e-mails switch (status-emails module), read and set. */
export { statusEmailsOn, setStatusEmails };
/** What a candidate may do one at a time (a data export against its quota) waits on this lock. */
export { lockCandidate };

export const NO_CANDIDATE = 'No candidate profile exists for this account yet.';

export function toCandidate(row: CandidateRow): Candidate {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    postcode: row.postcode,
  };
}

/** The caller's candidate, or 404: every candidate route acts on the caller's own data only. */
export async function requireCandidate(db: Db, user: AuthUser): Promise<CandidateRow> {
  const row = await findCandidateByUser(db, user.userId);
  if (!row) throw new HttpProblem(404, NO_CANDIDATE);
  return row;
}

/**
 * The caller's candidate with the e-mail address of the account: the identity service owns the address,
 * and a change made there reaches this service in the caller's next access token.
 */
export async function currentCandidate(db: Db, user: AuthUser): Promise<CandidateRow> {
  const row = await requireCandidate(db, user);
  // A proof is never taken back, so only a token that says "proved" changes the flag: an older token
  // still in use elsewhere cannot unset it (docs/decisions/0166).
  const proved = user.emailVerified === true && !row.email_verified;
  if (row.email === user.email && !proved) return row;
  return (
    (await updateCandidateAddress(db, row.id, { email: user.email, ...(proved ? { emailVerified: true } : {}) })) ?? row
  );
}

/** The caller's candidate profile, with the account's current address. */
export async function getOwnCandidate(db: Db, user: AuthUser): Promise<Candidate> {
  return toCandidate(await currentCandidate(db, user));
}

/**
 * Creates the caller's candidate with the account's address, whatever the body says: the body's `email`
 * (SPEC's create shape, still sent by the portal) is ignored, so nobody can apply under an address the
 * identity service never gave them, and email_verified always speaks of the address stored beside it
 * (docs/decisions/0235). Later moves and proofs arrive by account notice or the next token.
 */
export async function createCandidate(db: Db, user: AuthUser, body: CandidateCreate): Promise<CandidateCreated> {
  const row = await insertCandidate(db, {
    id: randomUUID(),
    user_id: user.userId,
    name: body.name,
    email: user.email,
    phone_number: body.phoneNumber,
    postcode: body.postcode,
    // The token's proof is the proof of its own address, the one stored here. An identity service that does
    // not say (no email_verified claim) is not taken to mean "unproved".
    email_verified: user.emailVerified !== false,
  });
  if (!row) throw new HttpProblem(409, 'A candidate profile already exists for this account.');
  return { id: row.id, name: row.name, email: row.email, phoneNumber: row.phone_number, postcode: row.postcode };
}

export async function changeCandidate(db: Db, user: AuthUser, body: CandidateUpdate): Promise<Candidate> {
  // Matching on both id and user id: another user's candidate id looks exactly like a missing one.
  const row = await updateCandidate(db, body.id, user.userId, {
    name: body.name,
    email: user.email,
    phone_number: body.phoneNumber,
    postcode: body.postcode,
  });
  if (!row) throw new HttpProblem(404, NO_CANDIDATE);
  return toCandidate(row);
}
