import { z } from 'zod';
import { emailSchema, nameSchema } from '@careers/contracts/common';
import { contactMessageSchema } from '@careers/contracts/candidate';
import { requiredText } from '../../lib/form-rules';

import { CONTACT_SOURCE, contactMessages } from './contact-messages';

/** The contact form's schema: loaded when the form is first focused or submitted (docs/decisions/0220). */
export { CONTACT_SOURCE, contactMessages };

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
