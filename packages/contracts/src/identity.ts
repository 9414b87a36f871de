import { z } from 'zod';
import { emailSchema, nameSchema, phoneSchema } from './common';
import { portalTypeSchema, roleSchema } from './enums';
import { MIN_PASSWORD_LENGTH } from './identity-values';

/** The constants (no zod) live in identity-values.ts, for the portal's first load (docs/decisions/0220). */
export * from './identity-values';

/** product.md §3 "Login result / auth response". The empty state has id -1 (see emptyAuthResponse). */
export const authResponseSchema = z.object({
  id: z.union([z.string(), z.literal(-1)]),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  accessToken: z.string().nullable(),
  refreshToken: z.string().nullable(),
  refreshTokenExpiryTime: z.string().nullable(),
  success: z.boolean(),
  feedbackMessage: z.string().nullable(),
  /** Password login only: true when the next try must carry a solved bot check as token (not in SPEC; optional). */
  botCheckRequired: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * The problem type of a password login refused because it needs a solved bot check it did not carry (or
 * whose payload failed): HTTP 428, never the 401 of wrong details; the portal asks for the check and tries
 * again (docs/decisions/0242).
 */
export const BOT_CHECK_REQUIRED_PROBLEM_TYPE = 'urn:careers-portal:problem:bot-check-required';

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(1024),
  /** A solved bot check: needed after a few failed logins (the answer then says botCheckRequired). Not in SPEC; optional. */
  token: z.string().max(4096).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({
  accessToken: z.string().min(1).max(4096),
  refreshToken: z.string().min(1).max(512),
  ipAddress: z.string().max(64),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** The e-mailed link (/confirm/{userId}/{token}) carries no address, so email is optional here. */
export const confirmEmailRequestSchema = z.object({
  userId: z.string().min(1).max(64),
  email: emailSchema.optional(),
  token: z.string().min(1).max(512),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

/** GET /api/account/confirm uses PascalCase query names (product.md §7). */
export const confirmEmailQuerySchema = z.object({
  UserId: z.string().min(1).max(64),
  Email: emailSchema.optional(),
  Token: z.string().min(1).max(512),
});

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  portalType: portalTypeSchema,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  token: z.string().min(1).max(512),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(1024),
  confirmPassword: z.string().min(1).max(1024),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * POST /api/account/reset-password's success (product.md §3 "Identity result"), plus the session it signs
 * in with: the link proved the mailbox as a sign-in code does, so no password login follows (decision 0290).
 */
export const resetPasswordResultSchema = z.object({
  succeeded: z.boolean(),
  errors: z.array(z.string()),
  session: authResponseSchema.optional(),
});
export type ResetPasswordResult = z.infer<typeof resetPasswordResultSchema>;

/** POST /api/account/reset-link-status: whether a reset link can still be used, asked before its form is shown. */
export const resetLinkStatusRequestSchema = z.object({
  email: emailSchema,
  token: z.string().min(1).max(512),
});
export type ResetLinkStatusRequest = z.infer<typeof resetLinkStatusRequestSchema>;

export const RESET_LINK_STATES = ['usable', 'used', 'expired', 'invalid'] as const;
export const resetLinkStatusSchema = z.object({
  status: z.enum(RESET_LINK_STATES),
  /** The words of the refusal reset-password would give; null while the link is usable. */
  message: z.string().nullable(),
  /** Whose page the link belongs on: an employer's opens the console's own (null for a link that is not valid). */
  portal: z.enum(['candidate', 'employer']).nullable().optional(),
});
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

/** Login check and code sending (product.md §3 "Code-sending / login-check request"). */
export const loginCheckRequestSchema = z.object({
  email: emailSchema,
  applicationRole: roleSchema.optional(),
  token: z.string().max(4096).optional(),
});
export type LoginCheckRequest = z.infer<typeof loginCheckRequestSchema>;

export const sendCodeRequestSchema = z.object({
  email: emailSchema,
  /** The job a new candidate's first code finishes the application to: the code e-mail names it. */
  jobId: z.uuid().optional(),
});
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

export const verifyCodeRequestSchema = z.object({
  email: emailSchema,
  code: z.string().trim().min(1).max(32),
  token: z.string().max(8192),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

export const registrationRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: z.string().min(1).max(1024),
  token: z.string().max(8192),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

export const registrationResultSchema = z.object({
  succeeded: z.boolean(),
  errors: z.array(z.string()),
  userId: z.string().nullable(),
  accessToken: z.string().nullable(),
  refreshToken: z.string().nullable(),
  /** Password login in this shape (candidate-login): as in the auth response. */
  botCheckRequired: z.boolean().optional(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

export const userProfileSchema = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(roleSchema),
  notFound: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userUpdateRequestSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
});
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

export const userIdQuerySchema = z.object({
  userId: z.string().min(1).max(64),
});

export const emailPathSchema = z.object({
  email: emailSchema,
});

export const emailChangeStartRequestSchema = z.object({
  newEmailAddress: emailSchema,
});
export type EmailChangeStartRequest = z.infer<typeof emailChangeStartRequestSchema>;

/**
 * PUT /api/user/unproven-email: a new candidate whose address was never proved moves the account to a
 * corrected address ("Wrong address? Change it" on the code step); a new sign-in code goes there.
 */
export const unprovenEmailChangeRequestSchema = z.object({
  email: emailSchema,
  /** The job the application being finished is for (the apply page): the new code e-mail names it, as the first did. */
  jobId: z.uuid().optional(),
});
export type UnprovenEmailChangeRequest = z.infer<typeof unprovenEmailChangeRequestSchema>;

/** The new address and an access token that carries it (the refresh token stays the same). */
export const unprovenEmailChangeResultSchema = z.object({
  succeeded: z.boolean(),
  errors: z.array(z.string()),
  email: z.string().nullable(),
  accessToken: z.string().nullable(),
});
export type UnprovenEmailChangeResult = z.infer<typeof unprovenEmailChangeResultSchema>;

export const emailChangeStartResultSchema = z.object({
  succeeded: z.boolean(),
  requestId: z.string().nullable(),
  errors: z.array(z.string()),
});
export type EmailChangeStartResult = z.infer<typeof emailChangeStartResultSchema>;

export const emailChangeConfirmRequestSchema = z.object({
  requestId: z.string().min(1).max(64),
  otp: z.string().trim().min(1).max(32),
  /**
   * The code e-mailed to the account's current address at the start. Optional on the wire only so that
   * SPEC's body still parses: without it the change is refused with the confirm result shape.
   */
  currentEmailOtp: z.string().trim().min(1).max(32).optional(),
});
export type EmailChangeConfirmRequest = z.infer<typeof emailChangeConfirmRequestSchema>;

export const emailChangeConfirmResultSchema = z.object({
  succeeded: z.boolean(),
  emailAddress: z.string().nullable(),
  errors: z.array(z.string()),
});
export type EmailChangeConfirmResult = z.infer<typeof emailChangeConfirmResultSchema>;

/**
 * GET /api/user/email-update: the e-mail change the caller started and can still confirm with the codes
 * (the account page shows it again after a reload), or null.
 */
export const pendingEmailChangeSchema = z.object({
  pending: z
    .object({
      requestId: z.string(),
      newEmailAddress: z.string(),
      /** When the code sent to the new address stops working (ISO 8601). */
      expiresAt: z.string(),
    })
    .nullable(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/** The e-mailed link that puts back the address an e-mail change replaced (valid a week). */
export const undoEmailChangeRequestSchema = z.object({
  token: z.string().min(1).max(256),
});
export type UndoEmailChangeRequest = z.infer<typeof undoEmailChangeRequestSchema>;

/** Deleting the account needs a fresh code e-mailed to its address (PUT /api/user/delete-initialise). */
export const deleteUserRequestSchema = z.object({
  code: z.string().trim().min(1).max(32),
});
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;

/** Claims of the identity service's access token (design.md §3). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string().optional(),
  roles: z.array(roleSchema),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number().optional(),
  email_verified: z.boolean().optional(),
  /** The refresh family (session) the token was issued in: lets a call end every session but the caller's. */
  sid: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const accountEventClaimsSchema = z.object({
  sub: z.string(),
  /**
   * account_deleted: the account is gone. email_changed / email_verified: the account's address moved or
   * was proved; the notice carries the account's address and whether it is proved as they are when the
   * notice is sent (docs/decisions/0166), so a late notice never puts back an older state.
   */
  event: z.enum(['account_deleted', 'email_changed', 'email_verified']),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  jti: z.string(),
});
export type AccountEventClaims = z.infer<typeof accountEventClaimsSchema>;

/** The ALTCHA challenge the bot check hands out (GET /api/bot-check/challenge). */
export const botCheckChallengeSchema = z.looseObject({
  algorithm: z.string(),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: z.number().optional(),
});
export type BotCheckChallenge = z.infer<typeof botCheckChallengeSchema>;
