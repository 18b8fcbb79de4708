import { displayNameProblem, passwordMessages, passwordProblem, passwordRule } from '@contract/rules/accounts';

/**
 * Client-side validation of the account forms, with the product's (docs/product.md#accounts) messages word for word.
 *
 * - Every new password (registration and resets) follows the contract's one rule, 8 to 100 characters,
 *   the rule the server applies: a password the form passes is never refused by the server for length.
 * - Registration's name is optional and bounded by the contract's display-name rule.
 * - Reset, verification and resend pages: email, 6-character code, matching confirmation.
 *
 * Each validator returns the first problem per field; an empty object means the form is valid.
 */

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const messages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  registerEmail: 'Please enter a valid email',
  passwordsDoNotMatch: 'Passwords do not match',
  acceptTerms: 'You must accept the terms and conditions',
  email: 'Please enter a valid email address',
  code: 'Code must be 6 digits',
  passwordMin: passwordMessages.tooShort,
  passwordMax: passwordMessages.tooLong,
} as const;

export const CODE_LENGTH = 6;
export const PASSWORD_MIN = passwordRule.min;
export const PASSWORD_MAX = passwordRule.max;
export const USERNAME_MIN = 3;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

function prune<T>(errors: Record<keyof T, string | undefined>): FieldErrors<T> {
  const result: FieldErrors<T> = {};
  for (const key of Object.keys(errors) as (keyof T)[]) {
    const message = errors[key];
    if (message) result[key] = message;
  }
  return result;
}

export interface LoginValues {
  username: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  return prune<LoginValues>({
    username: values.username.trim() ? undefined : messages.usernameRequired,
    password: values.password ? undefined : messages.passwordRequired,
  });
}

export interface RegisterValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export function validateRegister(values: RegisterValues): FieldErrors<RegisterValues> {
  return prune<RegisterValues>({
    name: displayNameProblem(values.name),
    username: values.username.trim().length >= USERNAME_MIN ? undefined : messages.usernameMin,
    email: isEmail(values.email) ? undefined : messages.registerEmail,
    password: passwordProblem(values.password),
    confirmPassword: values.confirmPassword === values.password ? undefined : messages.passwordsDoNotMatch,
    acceptTerms: values.acceptTerms ? undefined : messages.acceptTerms,
  });
}

export function emailError(email: string): string | undefined {
  return isEmail(email) ? undefined : messages.email;
}

/**
 * Exactly 6 characters, and digits, as the message and the mailed codes say;
 * whitespace around the code is ignored.
 */
export function codeError(code: string): string | undefined {
  return /^\d{6}$/.test(code.trim()) ? undefined : messages.code;
}

export function passwordError(password: string): string | undefined {
  return passwordProblem(password);
}

export function confirmPasswordError(password: string, confirmPassword: string): string | undefined {
  return confirmPassword === password ? undefined : messages.passwordsDoNotMatch;
}

export interface EmailValues {
  email: string;
}

export function validateEmailForm(values: EmailValues): FieldErrors<EmailValues> {
  return prune<EmailValues>({ email: emailError(values.email) });
}

export interface EmailCodeValues {
  email: string;
  code: string;
}

export function validateEmailCode(values: EmailCodeValues): FieldErrors<EmailCodeValues> {
  return prune<EmailCodeValues>({ email: emailError(values.email), code: codeError(values.code) });
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export function validateNewPassword(values: NewPasswordValues): FieldErrors<NewPasswordValues> {
  return prune<NewPasswordValues>({
    password: passwordError(values.password),
    confirmPassword: confirmPasswordError(values.password, values.confirmPassword),
  });
}

export interface ResetWithCodeValues extends EmailCodeValues, NewPasswordValues {}

export function validateResetWithCode(values: ResetWithCodeValues): FieldErrors<ResetWithCodeValues> {
  return { ...validateEmailCode(values), ...validateNewPassword(values) };
}

/** A reset link's token is only worth sending when it is longer than 10 characters. */
export const RESET_TOKEN_MIN_EXCLUSIVE = 10;

export function isPlausibleResetToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length > RESET_TOKEN_MIN_EXCLUSIVE;
}
