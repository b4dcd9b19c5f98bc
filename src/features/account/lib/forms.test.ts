import { describe, expect, it } from 'vitest';
import { canSubmitReview, passwordFormSchema, profileChanges, profileFormValues, validateRefund } from './forms';

const NUMBER_MESSAGE = 'Must be a valid Bangladeshi number (e.g. 01XXXXXXXXX)';

describe('refund form rules', () => {
  it.each(['bkash', 'nagad', 'rocket'])('accepts %s with a valid number (trimmed)', (refundMethod) => {
    expect(validateRefund({ refundMethod, refundNumber: ' 01712345678 ' })).toEqual({ ok: true, values: { refundMethod, refundNumber: '01712345678' } });
  });

  it.each(['card', '', 'paypal'])('refuses the method %j', (refundMethod) => {
    const result = validateRefund({ refundMethod, refundNumber: '01712345678' });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : Object.keys(result.errors)).toEqual(['refundMethod']);
  });

  it.each(['0171234567', '017123456789', '01212345678', '02712345678', '0171234567a', ''])('refuses the number %j', (refundNumber) => {
    expect(validateRefund({ refundMethod: 'bkash', refundNumber })).toEqual({ ok: false, errors: { refundNumber: NUMBER_MESSAGE } });
  });

  it.each(['01312345678', '01912345678'])('accepts third digits 3 to 9: %s', (refundNumber) => {
    expect(validateRefund({ refundMethod: 'nagad', refundNumber }).ok).toBe(true);
  });

  it('sends the number in the one form, whatever way it was typed', () => {
    expect(validateRefund({ refundMethod: 'bkash', refundNumber: '+880 1712-345678' })).toEqual({
      ok: true,
      values: { refundMethod: 'bkash', refundNumber: '01712345678' },
    });
  });
});

describe('review rule', () => {
  it.each([
    [0, 'Nice', false],
    [1, '   ', false],
    [6, 'Nice', false],
    [1, ' Nice ', true],
    [5, 'Great', true],
  ])('%d stars and %j → %s', (stars, text, ok) => {
    expect(canSubmitReview(stars, text)).toBe(ok);
  });
});

describe('profile changes', () => {
  const initial = profileFormValues({ name: 'Rahim', email: 'rahim@example.com', phone: null, address: 'Dhanmondi' });

  it('starts from the profile, missing fields empty', () => {
    expect(initial).toEqual({ name: 'Rahim', email: 'rahim@example.com', phone: '', address: 'Dhanmondi' });
  });

  it('sends nothing when nothing changed (spaces around do not count)', () => {
    expect(profileChanges(initial, { ...initial, name: '  Rahim ' })).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    expect(profileChanges(initial, { ...initial, name: ' Rahim Uddin ', phone: '01712345678' })).toEqual({ name: 'Rahim Uddin', phone: '01712345678' });
  });

  it('sends a cleared address (to clear it) but leaves out a cleared name or email', () => {
    expect(profileChanges(initial, { ...initial, name: '', email: ' ', address: '' })).toEqual({ address: '' });
  });
});

describe('password form rules', () => {
  const messages = (values: Record<string, string>) => {
    const result = passwordFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('needs the current password and a confirmation', () => {
    expect(messages({ currentPassword: '', newPassword: 'secret1', confirmPassword: '' })).toEqual(
      expect.arrayContaining(['Current password is required', 'Please confirm your password']),
    );
  });

  it('needs at least 6 characters', () => {
    expect(messages({ currentPassword: 'old', newPassword: '12345', confirmPassword: '12345' })).toEqual(['Password must be at least 6 characters']);
  });

  it('needs matching passwords', () => {
    expect(messages({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123457' })).toEqual(["Passwords don't match"]);
  });

  it('accepts a valid change', () => {
    expect(messages({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123456' })).toEqual([]);
  });
});
