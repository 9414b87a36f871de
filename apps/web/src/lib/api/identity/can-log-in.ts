import { Role } from '@careers/contracts/enum-values';
import { EMPLOYER_ACCOUNT_PROBLEM_TYPE } from '@careers/contracts/identity-values';
import type { LoginCheckRequest } from '@careers/contracts/identity';
import { toApiError } from '../../api-error';
import { http } from '../../http-client';

/** The login check found an employer's account, not a candidate's: it signs in on the employer console. */
export class EmployerAccountError extends Error {
  override readonly name = 'EmployerAccountError';
}

async function check(email: string, employerAccount: 'no' | 'error'): Promise<boolean> {
  const body: LoginCheckRequest = { email, applicationRole: Role.Candidate, token: '' };
  try {
    await http.identity.post('/api/account/can-log-in', body);
    return true;
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status !== 404) throw error;
    const type = (apiError.body as { type?: unknown } | undefined)?.type;
    if (employerAccount === 'error' && type === EMPLOYER_ACCOUNT_PROBLEM_TYPE) throw new EmployerAccountError();
    return false;
  }
}

/** The login check: true when the e-mail has a candidate account (200), false when it has none (404). */
export function canLogIn(email: string): Promise<boolean> {
  return check(email, 'no');
}

/**
 * The login check of the candidate sign-in: as canLogIn, but an employer's address (a 404 of the
 * employer-account type, docs/decisions/0251) rejects with EmployerAccountError, so the page can say
 * where that address signs in.
 */
export function canLogInAsCandidate(email: string): Promise<boolean> {
  return check(email, 'error');
}
