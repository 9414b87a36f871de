/** User-facing texts of the authentication pages, word for word from product.md §2, §5 and §8. */
export const authMessages = {
  enterValidEmail: 'Please enter a valid email',
  invalidEmailAddress: 'Invalid email address',
  invalidVerificationCode: 'Invalid verification code.',
  enterVerificationCode: 'Please enter verification code',
  codeSent: 'Verification code is sent successfully.',
  codeSendFailed: 'Error in sending verification code.',
  accountCreationFailed: 'Error in creating account.',
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email',
  enterPhone: 'Please enter your phone number',
  enterPostCode: 'Please enter your post code',
  // SPEC's 'Must be a .pdef' is a typo; issue 12 item 13 asks for the word it meant.
  signupCvRejected: 'Must be a .pdf',
  resetLinkSent: 'A reset link has been sent to your email address',
  resetLinkFailed: 'Failed to request reset link',
  resetLinkFailedTryLater: 'Failed to request reset link. Please try again later',
  passwordsMustMatch: 'Passwords must match',
  correctTheErrors: 'Please correct the errors',
  loginFailed: 'Failed to login',
  exception: 'Exception',
} as const;

/**
 * What really happened, for the failures SPEC's messages do not name (issue 12 item 6): a limit and
 * when to try again, no connection, the service down. SPEC's own words stay for the cases it names.
 */
export const plainMessages = {
  noAccountHint: 'No account uses this address. Check it for a typing mistake, or sign up.',
  employerAccount: 'This address belongs to an employer account. Employers sign in at /employer.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signupCvRefused: (reason: string) =>
    `Your account is created, but your CV was not accepted: ${reason} Choose another file, or remove it, and try again.`,
  completeSignUp: 'Your account is created, but its details are not complete. Please check them and finish signing up.',
} as const;
