import { Role } from '@careers/contracts/enums';
import type { RegistrationRequest } from '@careers/contracts/identity';
import type { Db } from '../../db';
import { hashPassword } from '../../lib/crypto';
import type { Semaphore } from '../../lib/semaphore';
import { tooManyRequests } from '../../plugins/limits';
import { isAddressHeldForUndo } from '../email-change/email-change.service';
import { issueSession, type Session, type TokenContext } from '../tokens/tokens.service';
import { createUser } from '../users/users.service';
import { sendConfirmationLink, sendWelcomeLink, type AccountContext } from './accounts.service';
import { HASHING_BUSY } from './login-limits';

export interface RegistrationContext extends AccountContext {
  tokens: TokenContext;
  hashGate: Semaphore;
  /** How long a new candidate's confirmation link waits behind the sign-in code (docs/decisions/0123). */
  confirmationLinkDelayMs: number;
}

/**
 * POST /api/register/*: the account, its confirmation link and a first session, in one transaction.
 * Candidates are passwordless: the built-in password the portal sends is never stored (design.md §3).
 * A password account (an employer) is sent the welcome link instead of the confirmation link.
 * Undefined when the address is taken; 429 (thrown) when the hashing cap is reached or past the send
 * limits.
 */
export async function registerAccount(
  db: Db,
  ctx: RegistrationContext,
  body: RegistrationRequest,
  role: Role,
): Promise<{ userId: string; session: Session } | undefined> {
  const usesPassword = role !== Role.Candidate;
  const hashed = usesPassword
    ? await ctx.hashGate.run(() => hashPassword(body.password, ctx.passwordHashCost))
    : { value: null };
  if (!hashed) throw tooManyRequests(1, HASHING_BUSY);
  const passwordHash = hashed.value;
  return db.transaction().execute(async (trx) => {
    // An address an e-mail change left stays its owner's while the undo link lives (decision 0017).
    if (await isAddressHeldForUndo(trx, body.email, new Date(ctx.now()))) return undefined;
    const user = await createUser(trx, {
      email: body.email,
      name: body.name,
      phone: body.phone,
      roles: [role],
      passwordHash,
    });
    if (!user) return undefined;
    // An employer gets one e-mail: the welcome link sets the password and proves the address (decision 0250).
    if (usesPassword) await sendWelcomeLink(trx, ctx, user);
    // A candidate gets a sign-in code next, which proves the address: the link waits, and goes only if no code did.
    else await sendConfirmationLink(trx, ctx, user, { delayMs: ctx.confirmationLinkDelayMs });
    return { userId: user.id, session: await issueSession(trx, ctx.tokens, user) };
  });
}
