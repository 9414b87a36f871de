/** Texts of the account page. */
export const accountMessages = {
  enterNewEmail: 'Please enter your new email address',
  enterValidEmail: 'Please enter a valid email',
  sameEmail: 'This is already your email address',
  enterCode: 'Please enter verification code',
  enterCurrentCode: 'Please enter the verification code sent to your current email address',
  codePlaceholder: 'Paste verification code',
  startFailed: 'The verification code could not be sent. Please try again.',
  confirmFailed: 'Invalid verification code.',
  codeResent: (email: string, current: string) =>
    `We sent new codes to ${email} and ${current}. Only the newest codes work.`,
  changed: (email: string) => `Your email address is now ${email}. Use it the next time you sign in.`,
  deleted: 'Your account has been deleted, with your profile, CVs and applications.',
  deleteFailed: 'Your account could not be deleted. Please try again or contact us.',
  deleteCodeFailed: 'The verification code could not be sent. Please try again.',
  undoAsk:
    'Did you not change your email address? Press the button to put this address back on your account. Every session of the account is then logged out, on every device, and you sign in again with this address.',
  undone:
    'Your account uses this email address again and every session has been logged out. Sign in with this address to check your account.',
  undoFailed: 'The email address could not be restored.',
  undoFailedHelp:
    'The link may have been used already or be older than 7 days. If you did not change your address, contact us.',
} as const;

/** 'in 45 seconds' / 'in 3 minutes', for a 429's Retry-After. */
export function retryWait(seconds: number): string {
  if (seconds < 90) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

export function tooManyRequests(seconds: number): string {
  return `Too many codes were requested for this address. Please try again ${retryWait(seconds)}.`;
}
