import type { AuthResponse } from './identity';

/**
 * The identity contracts' constants, without zod: the portal's first load reads them (docs/decisions/0220).
 * identity.ts re-exports them beside the schemas.
 */

export const NOBODY_LOGGED_IN = 'Nobody is logged in';

/** product.md §3 "Login result / auth response": the empty state has id -1. */
export function emptyAuthResponse(feedbackMessage: string = NOBODY_LOGGED_IN): AuthResponse {
  return {
    id: -1,
    name: null,
    email: null,
    phone: null,
    accessToken: null,
    refreshToken: null,
    refreshTokenExpiryTime: null,
    success: false,
    feedbackMessage,
  };
}

/** The placeholder address the portal sends with a refresh (product.md §3). */
export const REFRESH_PLACEHOLDER_IP = '0.0.0.0';

export const MIN_PASSWORD_LENGTH = 8;

/** The audience of every access token; iss is the identity service's public address (IDENTITY_URL). */
export const ACCESS_TOKEN_AUDIENCE = 'careers-api';

/**
 * The audience of the identity service's notices to the candidate service (POST /account-events):
 * signed with the access-token key, so the candidate service checks them with the JWKS it already
 * uses, and never taken for an access token (other audience).
 */
export const ACCOUNT_EVENTS_AUDIENCE = 'careers-candidate-events';

/**
 * product.md §3 / design.md §3: the fixed password the portal sends when it registers a candidate user. Candidate
 * accounts are passwordless; the identity service must never let this value log anyone in.
 */
export const CANDIDATE_BUILT_IN_PASSWORD = 'Candidate-Portal-Built-In-Password-1';

/**
 * The problem type of the login check (POST /api/account/can-log-in with applicationRole Candidate) when
 * the address belongs to an employer account: still a 404 (no candidate account), but the portal can say
 * where that address signs in instead of "No account uses this address" (docs/decisions/0251).
 */
export const EMPLOYER_ACCOUNT_PROBLEM_TYPE = 'urn:careers-portal:problem:employer-account';

/** Where employers sign in: the employer console's sign-in page on the portal. */
export const EMPLOYER_SIGN_IN_PATH = '/employer/login';
