/**
 * Limits that the services enforce and the portal and e-mails put in words: each is written once here
 * (docs/decisions/0188). Deployment settings override the send limits' defaults (identity config).
 */

/** How long an e-mailed one-time code works (sign in, e-mail change, account deletion). */
export const CODE_LIFETIME_MINUTES = 10;
export const CODE_LIFETIME_MS = CODE_LIFETIME_MINUTES * 60 * 1000;
/** The lifetime as messages say it: "It is valid for 10 minutes." */
export const CODE_LIFETIME_TEXT = `${CODE_LIFETIME_MINUTES} minutes`;

/**
 * Sign-in code guessing, per account whatever the number of clients (docs/decisions/0240): a sign-in code
 * dies after this many wrong tries from anyone, and an account gets at most SIGN_IN_CODES_PER_DAY sign-in
 * codes in any 24 hours, so at most 3 x 30 = 90 wrong guesses a day meet a live code out of 1,000,000:
 * below 1 in 11,000.
 */
export const SIGN_IN_CODE_WRONG_TRIES = 3;
export const SIGN_IN_CODES_PER_DAY = 30;

/** Defaults of the identity service's e-mail send limits (SEND_INTERVAL_SECONDS, SENDS_PER_HOUR, CODE_SENDS_PER_CLIENT_PER_HOUR). */
export const DEFAULT_SEND_INTERVAL_SECONDS = 60;
export const DEFAULT_SENDS_PER_HOUR = 10;
export const DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR = 5;
