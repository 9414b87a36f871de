import { z } from 'zod';
import { emailSchema } from '@careers/contracts/common';
import { requiredText } from '../lib/form-rules';

/** The form of "Wrong address? Change it": loaded when it is first focused or submitted (docs/decisions/0220). */
export const changeAddressSchema = z.object({
  email: requiredText({ requiredMessage: 'Please enter your email', field: 'Email', rule: emailSchema }),
});
export type ChangeAddressValues = z.infer<typeof changeAddressSchema>;
