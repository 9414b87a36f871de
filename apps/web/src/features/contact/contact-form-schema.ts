import { z } from 'zod';
import { emailSchema, nameSchema } from '@careers/contracts/common';
import { contactMessageSchema } from '@careers/contracts/candidate';
import { requiredText } from '../../lib/validation';

/** Where messages from this portal come from, so the team can tell them from other channels. */
export const CONTACT_SOURCE = 'candidate-portal';

export const contactMessages = {
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email',
  enterMessage: 'Please enter your message',
  sent: 'Thank you, your message has been sent. We keep every message and read it; when it needs an answer, we write to the email address you gave.',
} as const;

const MESSAGE_MAX = contactMessageSchema.shape.message.maxLength ?? 5000;

export const contactFormSchema = z.object({
  name: requiredText({ requiredMessage: contactMessages.enterName, field: 'Name', rule: nameSchema }),
  email: requiredText({
    requiredMessage: contactMessages.enterEmail,
    field: 'Email',
    rule: emailSchema,
    invalidMessage: 'Please enter a valid email',
  }),
  phone: z.string().trim().max(40, { error: 'Phone is not valid.' }),
  message: requiredText({ requiredMessage: contactMessages.enterMessage, field: 'Message' }).refine(
    (value) => value.length <= MESSAGE_MAX,
    {
      error: `Please keep your message under ${MESSAGE_MAX} characters`,
    },
  ),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
