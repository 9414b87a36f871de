/** The employer console's words, in one place. */
export const employerMessages = {
  checkLoginDetails: 'Please check your login details',
  notAnEmployerAccount: 'This is not an employer account. Candidates sign in on the candidate portal.',
  signupFailed: 'Error in creating account.',
  signupDone: 'Check your inbox: open the link we sent to set your password and confirm your address. Then sign in.',
  resetSent: 'A reset link has been sent to your email address',
  resetFailed: 'Failed to request reset link. Please try again later',
  saved: 'Saved.',
  copied: 'Link copied.',
  copyFailed: 'Copy the link by hand: your browser did not allow copying.',
  confirmAddressFirst:
    'Confirm your e-mail address before posting jobs: open the link we sent you, then sign in again.',
} as const;
