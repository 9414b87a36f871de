import { z } from 'zod';
import { nameSchema, phoneSchema, postcodeSchema } from '@careers/contracts/common';
import { requiredText } from '../../lib/form-rules';

import { profileMessages } from './profile-messages';

/** The profile form's schema: loaded when the form is first focused or submitted (docs/decisions/0220). */
export { profileMessages };

export const profileFormSchema = z.object({
  name: requiredText({ requiredMessage: profileMessages.enterName, field: 'Name', rule: nameSchema }),
  phoneNumber: requiredText({ requiredMessage: profileMessages.enterPhone, field: 'Phone number', rule: phoneSchema }),
  postcode: requiredText({ requiredMessage: profileMessages.enterPostCode, field: 'Post code', rule: postcodeSchema }),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
