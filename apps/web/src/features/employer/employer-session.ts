import type { CreateBusiness } from '@careers/contracts/employer';
import type { AuthResponse, LoginRequest, RegistrationRequest } from '@careers/contracts/identity';
import { createBusiness } from '../../lib/api/candidate/create-business';
import { requestLogin } from '../../lib/api/identity/login';
import { registerBusinessUser } from '../../lib/api/identity/register-business-user';
import { requestPasswordReset } from '../../lib/api/identity/request-password-reset';
import { ApiError, firstServerErrorOr, toApiError } from '../../lib/api-error';
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

/**
 * Password login with e-mail and password. Answers the session of a business user; anything else (a
 * wrong password, a candidate account) is an EmployerLoginError with the words to show.
 */
export async function employerLogin(
  input: { email: string; password: string },
  withBotCheck: boolean,
): Promise<AuthResponse> {
  const body: LoginRequest = { ...input, ...(withBotCheck ? { token: await getBotCheckToken(http.identity) } : {}) };
  let auth: AuthResponse;
  try {
    auth = await requestLogin(body);
  } catch (error) {
    const apiError = toApiError(error);
    const answer = apiError.body as { botCheckRequired?: boolean } | undefined;
    if (apiError.status === 401)
      throw new EmployerLoginError(employerMessages.checkLoginDetails, answer?.botCheckRequired === true);
    throw new EmployerLoginError(firstServerErrorOr(apiError), false);
  }
  if (!auth.success || !auth.accessToken)
    throw new EmployerLoginError(auth.feedbackMessage || employerMessages.checkLoginDetails, false);
  if (!isEmployer(auth)) throw new EmployerLoginError(employerMessages.notAnEmployerAccount, false);
  return auth;
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
 * session, then asks for the e-mailed link that proves the address and sets the password
 * (docs/decisions/0151): no password is typed before the mailbox is proved, because the first proof
 * drops any password set before it (decision 0014).
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
  // The registration's session is used once, for the business, and not kept: the employer signs in after setting the password.
  const business: CreateBusiness = { name: input.businessName, city: input.city || null, phone: input.phone };
  await createBusiness(business, { accessToken });
  // The e-mailed link that sets the password (and proves the address).
  await requestPasswordReset(input.email);
}
