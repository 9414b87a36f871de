import type { CreateBusiness } from '@careers/contracts/employer';
import type { AuthResponse, LoginRequest, RegistrationRequest } from '@careers/contracts/identity';
import { createBusiness } from '../../lib/api/candidate/create-business';
import { requestLogin } from '../../lib/api/identity/login';
import { registerBusinessUser } from '../../lib/api/identity/register-business-user';
import { resetPassword } from '../../lib/api/identity/reset-password';
import { ApiError, firstServerErrorOr, retryAfterSeconds, serverErrors, toApiError } from '../../lib/api-error';
import { getBotCheckToken } from '../../lib/bot-check';
import { http } from '../../lib/http-client';
import { isEmployer } from '../../lib/roles';
import { employerMessages } from './employer-messages';

/** A refused password login: the message to show, and whether the next try needs the bot check (decision 0015). */
export class EmployerLoginError extends Error {
  constructor(
    message: string,
    readonly botCheckRequired: boolean,
  ) {
    super(message);
  }
}

/** The service's words when it refused a login for the missing bot check before looking at the password. */
const BOT_CHECK_REFUSAL = 'Please complete the bot check and try again.';

/**
 * Whether a refused login was refused for want of a solved bot check, the password unchecked: a problem
 * whose type names the bot check, or the login result saying so. Then the same try, with the check
 * solved, is no new guess (decision 0252).
 */
export function refusedForBotCheck(error: ApiError): boolean {
  const answer = error.body as { type?: unknown; feedbackMessage?: unknown; botCheckRequired?: unknown } | undefined;
  if (!answer || typeof answer !== 'object') return false;
  if (typeof answer.type === 'string' && /bot-?check/i.test(answer.type)) return true;
  return answer.botCheckRequired === true && answer.feedbackMessage === BOT_CHECK_REFUSAL;
}

async function passwordLogin(input: { email: string; password: string }, withBotCheck: boolean) {
  const body: LoginRequest = { ...input, ...(withBotCheck ? { token: await getBotCheckToken(http.identity) } : {}) };
  return requestLogin(body);
}

/**
 * Password login with e-mail and password. Answers the session of a business user; anything else (a
 * wrong password, a candidate account) is an EmployerLoginError with the words to show. A login refused
 * only for the bot check is tried again at once with the check solved in the page: the employer never
 * sees it, and it is never reported as wrong details.
 */
export async function employerLogin(
  input: { email: string; password: string },
  withBotCheck: boolean,
): Promise<AuthResponse> {
  let auth: AuthResponse;
  try {
    try {
      auth = await passwordLogin(input, withBotCheck);
    } catch (error) {
      if (withBotCheck || !refusedForBotCheck(toApiError(error))) throw error;
      auth = await passwordLogin(input, true);
    }
  } catch (error) {
    const apiError = toApiError(error);
    const answer = apiError.body as { botCheckRequired?: boolean } | undefined;
    const retryIn = retryAfterSeconds(apiError);
    if (retryIn) throw new EmployerLoginError(employerMessages.tooManyTries(retryIn), false);
    if (refusedForBotCheck(apiError)) throw new EmployerLoginError(employerMessages.botCheckFailed, true);
    if (apiError.status === 401)
      throw new EmployerLoginError(employerMessages.checkLoginDetails, answer?.botCheckRequired === true);
    throw new EmployerLoginError(firstServerErrorOr(apiError), false);
  }
  if (!auth.success || !auth.accessToken)
    throw new EmployerLoginError(auth.feedbackMessage || employerMessages.checkLoginDetails, false);
  if (!isEmployer(auth)) throw new EmployerLoginError(employerMessages.notAnEmployerAccount, false);
  return auth;
}

/** A step of the welcome (or reset) link's page that failed, with the words to show. */
export class SetPasswordError extends Error {
  constructor(
    message: string,
    /** The password is saved: only the sign-in after it failed (the employer can sign in by hand). */
    readonly passwordSaved: boolean,
  ) {
    super(message);
  }
}

/**
 * The welcome link's page (decision 0250): saves the password with the link's token, which also proves
 * the address, then signs in with it (the bot check solved on its own when asked for).
 */
export async function setPasswordAndSignIn(
  email: string,
  token: string,
  password: string,
  confirmPassword: string,
): Promise<AuthResponse> {
  let session: AuthResponse | undefined;
  try {
    const result = await resetPassword({ email, token, password, confirmPassword });
    if (!result.succeeded) throw new SetPasswordError(result.errors.join('\n') || employerMessages.linkFailed, false);
    session = result.session;
  } catch (error) {
    if (error instanceof SetPasswordError) throw error;
    const apiError = toApiError(error);
    const retryIn = retryAfterSeconds(apiError);
    if (retryIn) throw new SetPasswordError(employerMessages.tooManyTries(retryIn), false);
    throw new SetPasswordError(serverErrors(apiError.body).join('\n') || employerMessages.linkFailed, false);
  }
  // The reset answers the session it signs in with (decision 0290); an older service needs the login.
  if (session && isEmployer(session)) return session;
  try {
    return await employerLogin({ email, password }, false);
  } catch (error) {
    const message = error instanceof Error ? error.message : employerMessages.checkLoginDetails;
    throw new SetPasswordError(`${employerMessages.passwordSavedSignInFailed} ${message}`, true);
  }
}

export interface EmployerSignup {
  name: string;
  email: string;
  phone: string;
  businessName: string;
  city: string;
}

/**
 * Registers a business user (bot check first) and creates their business with the registration's
 * session; the registration e-mails the welcome link that proves the address and sets the password
 * (docs/decisions/0151, 0250): no password is typed before the mailbox is proved, because the first
 * proof drops any password set before it (decision 0014).
 */
export async function signUpEmployer(input: EmployerSignup): Promise<void> {
  const token = await getBotCheckToken(http.identity);
  // Nobody ever learns this password: the first proof of the address drops it.
  const throwaway = Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const registration: RegistrationRequest = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    password: throwaway,
    token,
  };
  let accessToken: string;
  try {
    const result = await registerBusinessUser(registration);
    if (!result.succeeded || !result.accessToken)
      throw new ApiError(result.errors[0] ?? employerMessages.signupFailed, { body: result });
    accessToken = result.accessToken;
  } catch (error) {
    throw new ApiError(firstServerErrorOr(error), { cause: error });
  }
  // The registration's session is used once, for the business, and not kept: the welcome e-mail the
  // registration sent sets the password, proves the address and signs in (decision 0250).
  const business: CreateBusiness = { name: input.businessName, city: input.city || null, phone: input.phone };
  await createBusiness(business, { accessToken });
}

export interface InvitedSignup {
  name: string;
  email: string;
  phone: string;
}

/**
 * An invited person without an employer account: registers the business user as the sign-up does (bot
 * check, throwaway password, the welcome e-mail that proves the address and sets the password), but
 * makes no business: the invitation waits in the console, which offers it once the address is proved
 * (docs/decisions/0270).
 */
export async function signUpInvitedEmployer(input: InvitedSignup): Promise<void> {
  const token = await getBotCheckToken(http.identity);
  const throwaway = Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const registration: RegistrationRequest = { ...input, password: throwaway, token };
  try {
    const result = await registerBusinessUser(registration);
    if (!result.succeeded) throw new ApiError(result.errors[0] ?? employerMessages.signupFailed, { body: result });
  } catch (error) {
    throw new ApiError(firstServerErrorOr(error), { cause: error });
  }
}
