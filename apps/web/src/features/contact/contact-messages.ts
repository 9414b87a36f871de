/** Where messages from this portal come from, so the team can tell them from other channels. */
export const CONTACT_SOURCE = 'candidate-portal';

export const contactMessages = {
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email',
  enterMessage: 'Please enter your message',
  sent: 'Thank you, your message has been sent. We keep every message and read it; when it needs an answer, we write to the email address you gave.',
} as const;
