/** Texts of the account page. */
export const accountMessages = {
  enterNewEmail: 'Please enter your new email address',
  enterValidEmail: 'Please enter a valid email',
  sameEmail: 'This is already your email address',
  enterCode: 'Please enter verification code',
  codePlaceholder: 'Paste verification code',
  startFailed: 'The verification code could not be sent. Please try again.',
  confirmFailed: 'Invalid verification code.',
  codeResent: (email: string) => `We sent a new code to ${email}. Only the newest code works.`,
  changed: (email: string) => `Your email address is now ${email}. Use it the next time you sign in.`,
  deleteFailed: 'Your account could not be deleted. Please try again or contact us.',
  /** What the candidate types to confirm deleting the account. */
  deleteConfirmWord: 'DELETE',
} as const;

/** 'in 45 seconds' / 'in 3 minutes', for a 429's Retry-After. */
export function retryWait(seconds: number): string {
  if (seconds < 90) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

export function tooManyRequests(seconds: number): string {
  return `Too many codes were requested for this address. Please try again ${retryWait(seconds)}.`;
}
