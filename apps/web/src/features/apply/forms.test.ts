import { describe, expect, it } from 'vitest';
import { applyDetailsSchema, loginEmailSchema, verificationCodeSchema } from './forms';

const valid = { name: 'Ada', email: 'ada@example.com', phone: '07700 900000', postCode: 'AB1 2CD' };

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('apply form validation (product.md §5)', () => {
  it('accepts a complete form', () => {
    expect(applyDetailsSchema.safeParse(valid).success).toBe(true);
  });

  it('gives each required message for an empty form', () => {
    expect(messages(applyDetailsSchema.safeParse({ name: '', email: '', phone: '', postCode: '' }))).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      phone: 'Please enter your phone number',
      postCode: 'Please enter your post code',
    });
  });

  it('treats blanks as empty', () => {
    expect(messages(applyDetailsSchema.safeParse({ ...valid, name: '   ' }))).toEqual({
      name: 'Please enter your name',
    });
  });

  it("stops at the first failing rule and falls back to '{field} is not valid.'", () => {
    const result = applyDetailsSchema.safeParse({ ...valid, email: 'not-an-email', postCode: 'x'.repeat(30) });
    expect(result.error?.issues).toHaveLength(2);
    expect(messages(result)).toEqual({ email: 'Email is not valid.', postCode: 'Post code is not valid.' });
  });

  it('the empty e-mail reports only the required message', () => {
    const result = applyDetailsSchema.safeParse({ ...valid, email: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please enter your email']);
  });

  it('login e-mail and verification code', () => {
    expect(messages(loginEmailSchema.safeParse({ loginEmail: '' }))).toEqual({ loginEmail: 'Please enter your email' });
    expect(messages(verificationCodeSchema.safeParse({ verificationCode: ' ' }))).toEqual({
      verificationCode: 'Please enter verification code',
    });
    expect(verificationCodeSchema.safeParse({ verificationCode: '123456' }).success).toBe(true);
  });
});
