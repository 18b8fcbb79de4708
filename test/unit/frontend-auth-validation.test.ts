import { describe, expect, it } from 'vitest';
import { registerSchema } from '../../functions/contract/auth';

import {
  codeError,
  isPlausibleResetToken,
  messages,
  validateEmailCode,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateResetWithCode,
} from '../../frontend/src/features/auth/lib/validation';

describe('account form validation', () => {
  it('login needs a username and a password', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin({ username: 'maker', password: 'x' })).toEqual({});
  });

  it('registration uses the documented messages and the one password rule the server applies (8 to 100)', () => {
    expect(validateRegister({ name: '', username: 'ab', email: 'nope', password: '12345', confirmPassword: '1234', acceptTerms: false })).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
      acceptTerms: 'You must accept the terms and conditions',
    });
    // Six or seven characters are refused by the form with the server's own message; eight pass both.
    for (const password of ['123456', '1234567']) {
      expect(validateRegister({ name: '', username: 'abc', email: 'a@b.co', password, confirmPassword: password, acceptTerms: true })).toEqual({
        password: 'Password must be at least 8 characters',
      });
      expect(registerSchema.safeParse({ username: 'abc', email: 'a@b.co', password }).error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    }
    expect(validateRegister({ name: 'Ana', username: 'abc', email: 'a@b.co', password: '12345678', confirmPassword: '12345678', acceptTerms: true })).toEqual(
      {},
    );
    expect(registerSchema.safeParse({ username: 'abc', email: 'a@b.co', password: '12345678', name: 'Ana' }).success).toBe(true);
    expect(
      validateRegister({ name: 'x'.repeat(61), username: 'abc', email: 'a@b.co', password: '12345678', confirmPassword: '12345678', acceptTerms: true }),
    ).toEqual({ name: 'Name must be at most 60 characters' });
  });

  it('reset and verification forms: email, 6-digit code, password 8 to 100, matching confirmation', () => {
    expect(validateResetWithCode({ email: 'x', code: '12345', password: 'short', confirmPassword: 'other' })).toEqual({
      email: 'Please enter a valid email address',
      code: 'Code must be 6 digits',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(validateNewPassword({ password: 'x'.repeat(101), confirmPassword: 'x'.repeat(101) })).toEqual({ password: 'Password is too long' });
    expect(validateNewPassword({ password: 'x'.repeat(100), confirmPassword: 'x'.repeat(100) })).toEqual({});
    expect(validateEmailCode({ email: ' maker@example.com ', code: ' 123456 ' })).toEqual({});
  });

  it('a code is exactly six digits', () => {
    expect(codeError('123456')).toBeUndefined();
    expect(codeError('1234567')).toBe(messages.code);
    expect(codeError('12345a')).toBe(messages.code);
    expect(codeError('')).toBe(messages.code);
  });

  it('a reset link token must be longer than 10 characters', () => {
    expect(isPlausibleResetToken(null)).toBe(false);
    expect(isPlausibleResetToken('0123456789')).toBe(false);
    expect(isPlausibleResetToken('0123456789a')).toBe(true);
  });
});
