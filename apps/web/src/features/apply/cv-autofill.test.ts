import { describe, expect, it } from 'vitest';
import { autofillValues } from './cv-autofill';

describe('the apply form values from a CV', () => {
  it('joins the first and last name into the one Name field and keeps only what was found', () => {
    expect(
      autofillValues({
        firstName: 'Jane',
        lastName: 'van der Berg',
        email: 'jane@example.com',
        phone: '+44 7700 900123',
      }),
    ).toEqual({
      name: 'Jane van der Berg',
      email: 'jane@example.com',
      phone: '+44 7700 900123',
    });
    expect(autofillValues({ lastName: 'Doe' })).toEqual({ name: 'Doe' });
    expect(autofillValues({ email: 'a@example.com' })).toEqual({ email: 'a@example.com' });
    expect(autofillValues({})).toEqual({});
  });
});
