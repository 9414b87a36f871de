/** User-facing texts of the apply-for-job page, word for word from product.md §2, §5 and §8. */
export const applyMessages = {
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email',
  enterPhone: 'Please enter your phone number',
  enterPostCode: 'Please enter your post code',
  selectYourCv: 'Please select your CV',
  enterVerificationCode: 'Please enter verification code',
  invalidVerificationCode: 'Invalid verification code.',
  selectOrUploadCv: 'Please select or upload a CV',
  cvRejected: 'Must be in the following format: pdf, doc, docx, txt',
  anErrorOccurred: 'An error occurred.',
  invalidEmailAddress: 'Invalid email address',
  codeSendFailed: 'Error in sending verification code.',
  codeSent: 'Verification code is sent successfully.',
  jobFetchFailed: 'Error in fetching the job.',
  alreadyHaveAccount: 'You already have an account with us.',
  thankYou: 'Thank you!',
  redirectNotice: 'You will be redirected to your candidate dashboard.',
} as const;

export function applicationSentMessage(businessName: string): string {
  return `Your application was successfully sent to ${businessName}`;
}

/** A job that is no longer live takes a CV drop instead of an application (our wording; the spec is silent). */
export function cvSentMessage(businessName: string): string {
  return `Your CV was successfully sent to ${businessName}`;
}
