import { z } from 'zod';
import { nameSchema, phoneSchema, postcodeSchema } from '@careers/contracts/common';
import { requiredText } from '../../lib/validation';

/** product.md §5's messages; the field rules are the shared contract's. */
export const profileMessages = {
  enterName: 'Please enter your name',
  enterPhone: 'Please enter your phone number',
  enterPostCode: 'Please enter your post code',
  saved: 'Your profile has been saved.',
} as const;

export const profileFormSchema = z.object({
  name: requiredText({ requiredMessage: profileMessages.enterName, field: 'Name', rule: nameSchema }),
  phoneNumber: requiredText({ requiredMessage: profileMessages.enterPhone, field: 'Phone number', rule: phoneSchema }),
  postcode: requiredText({ requiredMessage: profileMessages.enterPostCode, field: 'Post code', rule: postcodeSchema }),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
