/**
 * The account rules the sign-up form, the reset forms and the server share, without zod so the browser
 * reads the same figures and messages (the product's (docs/product.md#accounts) words).
 *
 * One password rule everywhere: 8 to 100 characters. The product's (docs/product.md#accounts) registration form once said 6 while its
 * reset rules and constants say 8 to 100; a form that accepted 6 let the server refuse what it had passed.
 */
export const passwordRule = { min: 8, max: 100 } as const;

export const passwordMessages = {
  tooShort: `Password must be at least ${passwordRule.min} characters`,
  tooLong: 'Password is too long',
} as const;

/** The first thing wrong with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < passwordRule.min) return passwordMessages.tooShort;
  if (password.length > passwordRule.max) return passwordMessages.tooLong;
  return undefined;
}

/**
 * A person's display name (sign-up, optional, and Settings → Profile): trimmed, 1 to 60 characters,
 * no control characters. An empty field means "no name".
 */
export const displayNameRule = { max: 60 } as const;

export const displayNameMessages = {
  tooLong: `Name must be at most ${displayNameRule.max} characters`,
  invalid: 'Name cannot contain control characters',
} as const;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** The first thing wrong with a display name (after trimming), or undefined. */
export function displayNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length > displayNameRule.max) return displayNameMessages.tooLong;
  if (controlCharacters.test(trimmed)) return displayNameMessages.invalid;
  return undefined;
}
