import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registerEmailSchema,
  registerPhoneSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  verifyAccountSchema,
  verifyRegisterOtpSchema,
  verifyResetOtpSchema,
} from './auth';

/** The issues of a failed parse as `{ field: message }`, so a test can name exactly what failed. */
function issuesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const validEmailRegistration = {
  method: 'email' as const,
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const validPhoneRegistration = {
  method: 'phone' as const,
  name: 'Karim',
  phone: '01712345678',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('loginSchema', () => {
  it('requires an identifier', () => {
    expect(issuesOf(loginSchema, { identifier: '', password: 'x' })).toEqual({ identifier: 'Email or phone is required' });
  });

  it('trims the identifier, so blanks alone count as missing', () => {
    expect(issuesOf(loginSchema, { identifier: '   ', password: 'x' })).toEqual({ identifier: 'Email or phone is required' });
    expect(loginSchema.parse({ identifier: '  01712345678 ', password: 'x' }).identifier).toBe('01712345678');
  });

  it('requires a password and does not trim it', () => {
    expect(issuesOf(loginSchema, { identifier: 'a@b.co', password: '' })).toEqual({ password: 'Password is required' });
    expect(loginSchema.parse({ identifier: 'a@b.co', password: ' pass ' }).password).toBe(' pass ');
  });

  it('reports both missing fields at once', () => {
    expect(issuesOf(loginSchema, { identifier: '', password: '' })).toEqual({
      identifier: 'Email or phone is required',
      password: 'Password is required',
    });
  });
});

describe('registerEmailSchema', () => {
  it('accepts a valid registration, trimming the name and trimming and lowercasing the email', () => {
    const parsed = registerEmailSchema.parse({ ...validEmailRegistration, name: '  Rahim  ', email: '  Rahim@Example.COM ' });
    expect(parsed.name).toBe('Rahim');
    expect(parsed.email).toBe('rahim@example.com');
  });

  it('needs a name of at least 3 characters after trimming', () => {
    expect(issuesOf(registerEmailSchema, { ...validEmailRegistration, name: 'ab' })).toEqual({
      name: 'Name must be at least 3 characters',
    });
    expect(issuesOf(registerEmailSchema, { ...validEmailRegistration, name: '  ab  ' })).toEqual({
      name: 'Name must be at least 3 characters',
    });
    expect(registerEmailSchema.safeParse({ ...validEmailRegistration, name: 'abc' }).success).toBe(true);
  });

  it.each(['', 'rahim', 'rahim@', '@example.com', 'rahim@example', 'ra him@example.com'])('rejects the email %j', (email) => {
    expect(issuesOf(registerEmailSchema, { ...validEmailRegistration, email })).toEqual({ email: 'Invalid email' });
  });

  it('needs a password of at least 6 characters', () => {
    expect(issuesOf(registerEmailSchema, { ...validEmailRegistration, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(registerEmailSchema.safeParse({ ...validEmailRegistration, password: '123456', confirmPassword: '123456' }).success).toBe(true);
  });

  it('needs the confirmation to equal the password, reported on confirmPassword', () => {
    expect(issuesOf(registerEmailSchema, { ...validEmailRegistration, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('reports every broken rule at once', () => {
    expect(issuesOf(registerEmailSchema, { method: 'email', name: 'a', email: 'x', password: '1', confirmPassword: '2' })).toEqual({
      name: 'Name must be at least 3 characters',
      email: 'Invalid email',
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('registerPhoneSchema', () => {
  it.each(['01312345678', '01412345678', '01512345678', '01612345678', '01712345678', '01812345678', '01912345678'])('accepts the phone %s', (phone) => {
    expect(registerPhoneSchema.parse({ ...validPhoneRegistration, phone }).phone).toBe(phone);
  });

  it('reads the phone as typed or autofilled: spaces, dashes, the country code, Bangla digits', () => {
    for (const phone of [' 01712345678 ', '+880 1712-345678', '8801712345678', '০১৭১২৩৪৫৬৭৮']) {
      expect(registerPhoneSchema.parse({ ...validPhoneRegistration, phone }).phone).toBe('01712345678');
    }
  });

  it.each([
    ['', 'empty'],
    ['01212345678', 'third digit 2'],
    ['01012345678', 'third digit 0'],
    ['0171234567', '10 digits'],
    ['017123456789', '12 digits'],
    ['02712345678', 'not starting with 01'],
    ['0171234567a', 'a letter'],
    ['+91 98100 00000', 'another country'],
  ])('rejects %j (%s)', (phone) => {
    expect(issuesOf(registerPhoneSchema, { ...validPhoneRegistration, phone })).toEqual({ phone: 'Invalid phone number' });
  });

  it('has the same name, password and confirmation rules as email registration', () => {
    expect(issuesOf(registerPhoneSchema, { ...validPhoneRegistration, name: 'ab', password: '12345', confirmPassword: 'x' })).toEqual({
      name: 'Name must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('registerSchema', () => {
  it('picks the rules by method', () => {
    expect(registerSchema.safeParse(validEmailRegistration).success).toBe(true);
    expect(registerSchema.safeParse(validPhoneRegistration).success).toBe(true);
    expect(issuesOf(registerSchema, { ...validPhoneRegistration, method: 'email', email: '' })).toEqual({ email: 'Invalid email' });
    expect(registerSchema.safeParse({ ...validEmailRegistration, method: 'fax' }).success).toBe(false);
  });
});

describe('forgotPasswordSchema', () => {
  it('requires an identifier, trimmed', () => {
    expect(issuesOf(forgotPasswordSchema, { identifier: '' })).toEqual({ identifier: 'Email or phone is required' });
    expect(issuesOf(forgotPasswordSchema, { identifier: '  ' })).toEqual({ identifier: 'Email or phone is required' });
    expect(forgotPasswordSchema.parse({ identifier: ' rahim@example.com ' }).identifier).toBe('rahim@example.com');
  });
});

describe('OTP schemas', () => {
  const otpMessage = 'Invalid OTP or session expired';

  it.each([
    ['verifyRegisterOtpSchema', 'phone', '01712345678', { registration: 'reg-token' }, verifyRegisterOtpSchema],
    ['verifyResetOtpSchema', 'identifier', 'rahim@example.com', { resetRequest: 'request-1' }, verifyResetOtpSchema],
  ] as const)('%s accepts exactly 4 digits', (_name, key, value, request, schema) => {
    expect(schema.safeParse({ [key]: value, code: '0123', ...request }).success).toBe(true);
    for (const code of ['', '123', '12345', '12a4', ' 1234', '১২৩']) {
      expect(issuesOf(schema, { [key]: value, code, ...request })).toEqual({ code: otpMessage });
    }
  });

  it.each([
    ['verifyRegisterOtpSchema', 'phone', '01712345678', { registration: 'reg-token' }, verifyRegisterOtpSchema],
    ['verifyResetOtpSchema', 'identifier', 'rahim@example.com', { resetRequest: 'request-1' }, verifyResetOtpSchema],
  ] as const)('%s reads a code typed in Bangla digits', (_name, key, value, request, schema) => {
    expect(schema.parse({ [key]: value, code: '০১২৩', ...request }).code).toBe('0123');
    expect(schema.parse({ [key]: value, code: '৯8৭6', ...request }).code).toBe('9876');
  });

  it.each([
    ['verifyRegisterOtpSchema', 'phone', { registration: 'reg-token' }, verifyRegisterOtpSchema],
    ['verifyResetOtpSchema', 'identifier', { resetRequest: 'request-1' }, verifyResetOtpSchema],
  ] as const)('%s answers a missing %s with the same message', (_name, key, request, schema) => {
    expect(issuesOf(schema, { [key]: '', code: '1234', ...request })).toEqual({ [key]: otpMessage });
    expect(issuesOf(schema, { [key]: '   ', code: '1234', ...request })).toEqual({ [key]: otpMessage });
  });

  it.each([
    ['verifyRegisterOtpSchema', { phone: '01712345678', code: '1234' }, 'registration', verifyRegisterOtpSchema],
    ['verifyResetOtpSchema', { identifier: 'rahim@example.com', code: '1234' }, 'resetRequest', verifyResetOtpSchema],
  ] as const)('%s needs the token of the request that sent the code, with the same message', (_name, input, key, schema) => {
    expect(issuesOf(schema, input)).toEqual({ [key]: otpMessage });
  });
});

describe('resetPasswordFormSchema', () => {
  it('needs at least 6 characters and a matching confirmation', () => {
    expect(resetPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success).toBe(true);
    expect(issuesOf(resetPasswordFormSchema, { password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(issuesOf(resetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('resetPasswordSchema (the call)', () => {
  it('needs the identifier, the reset token and a valid password', () => {
    expect(resetPasswordSchema.safeParse({ identifier: 'a@b.co', resetToken: 't', password: 'secret1' }).success).toBe(true);
    expect(issuesOf(resetPasswordSchema, { identifier: '', resetToken: '', password: '1' })).toEqual({
      identifier: 'Email or phone is required',
      resetToken: 'Reset session expired. Please request a new OTP.',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('missing fields', () => {
  it("get the same message as wrong ones, never zod's default", () => {
    expect(issuesOf(loginSchema, {})).toEqual({ identifier: 'Email or phone is required', password: 'Password is required' });
    expect(issuesOf(registerEmailSchema, { method: 'email' })).toEqual({
      name: 'Name must be at least 3 characters',
      email: 'Invalid email',
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(issuesOf(registerPhoneSchema, { ...validPhoneRegistration, phone: undefined })).toEqual({ phone: 'Invalid phone number' });
    expect(issuesOf(forgotPasswordSchema, {})).toEqual({ identifier: 'Email or phone is required' });
    expect(issuesOf(verifyRegisterOtpSchema, {})).toEqual({
      phone: 'Invalid OTP or session expired',
      code: 'Invalid OTP or session expired',
      registration: 'Invalid OTP or session expired',
    });
    expect(issuesOf(verifyResetOtpSchema, { code: '1234', resetRequest: 'request-1' })).toEqual({ identifier: 'Invalid OTP or session expired' });
  });
});

describe('verifyAccountSchema and googleLoginSchema', () => {
  it('require their token', () => {
    expect(issuesOf(verifyAccountSchema, { token: ' ', password: 'secret123' })).toEqual({ token: 'Verification token is required' });
    expect(verifyAccountSchema.parse({ token: ' abc ', password: 'secret123' }).token).toBe('abc');
    expect(issuesOf(verifyAccountSchema, { token: 'abc' })).toEqual({ password: 'Enter the password you chose when signing up' });
    expect(issuesOf(googleLoginSchema, { authCode: '' })).toEqual({ authCode: 'No credential received from Google' });
  });
});
