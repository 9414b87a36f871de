/** The employer console's words, in one place. */
export const employerMessages = {
  checkLoginDetails: 'Please check your login details',
  notAnEmployerAccount: 'This is not an employer account. Candidates sign in on the candidate portal.',
  signupFailed: 'Error in creating account.',
  signupDone:
    'Check your inbox: we sent you a "Welcome, set your password" email. Its link lets you choose your password and opens your console.',
  linkFailed: 'This link could not set your password. Ask for a new link below.',
  passwordSavedSignInFailed: 'Your password is saved, but signing in did not work:',
  botCheckFailed: 'The automatic check that you are not a robot did not work. Please try again.',
  tooManyTries: (seconds: number) => `Too many tries. Please try again in ${seconds} seconds.`,
  candidateHere: 'This area is for employers. You are signed in as a candidate.',
  resetSent: 'A reset link has been sent to your email address',
  resetFailed: 'Failed to request reset link. Please try again later',
  saved: 'Saved.',
  copied: 'Link copied.',
  copyFailed: 'Copy the link by hand: your browser did not allow copying.',
  confirmAddressFirst: 'Confirm your email address before posting jobs: open the link we sent you, then sign in again.',
} as const;
