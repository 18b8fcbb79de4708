import { z } from 'zod';
import { captionPresetsSchema } from './caption-settings';
import { captionLookNames } from './rules/caption-looks';
import { languageSchema } from './languages';
import { displayNameMessages, displayNameProblem, displayNameRule, passwordMessages, passwordRule } from './rules/accounts';
import { publicUserSchema, type PublicUser } from './users';
import { voiceSpeedSchema } from './voices';

/**
 * Request bodies of the account calls, with the product's (docs/product.md#accounts) messages word for word.
 * Every password follows one rule (rules/accounts.ts), at registration as at a reset, in the forms as here.
 */
const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .email('Please enter a valid email address');
const code = z
  .string({ error: 'Code must be 6 digits' })
  .trim()
  .regex(/^\d{6}$/, 'Code must be 6 digits');
export const newPassword = z
  .string({ error: passwordMessages.tooShort })
  .min(passwordRule.min, passwordMessages.tooShort)
  .max(passwordRule.max, passwordMessages.tooLong);

/** A person's display name: trimmed, at most 60 characters; empty or null means none. */
export const displayNameSchema = z
  .string({ error: displayNameMessages.invalid })
  .max(displayNameRule.max * 4, displayNameMessages.tooLong)
  .superRefine((value, context) => {
    const problem = displayNameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim() || null);

export const registerSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30, 'Username must be at most 30 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores'),
  email: z.string({ error: 'Please enter a valid email' }).trim().max(254, 'Please enter a valid email').email('Please enter a valid email'),
  password: newPassword,
  /** Optional: how the product greets the person (empty: no name). */
  name: displayNameSchema.nullable().optional(),
});

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254, 'Invalid username or password'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Invalid username or password'),
});

export const emailOnlySchema = z.object({ email });
export const emailCodeSchema = z.object({ email, code });
export const resetWithCodeSchema = z.object({ email, code, password: newPassword });
export const passwordOnlySchema = z.object({ password: newPassword });
export const tokenQuerySchema = z.object({ token: z.string().min(1).max(200).optional() });

export const updateUserSchema = z
  .object({
    selectedVoice: z.string().trim().min(1).max(100).nullable().optional(),
    voiceSpeed: voiceSpeedSchema.optional(),
    /** The profile name (Settings → Profile); empty or null removes it. */
    name: displayNameSchema.nullable().optional(),
    captionLook: z
      .enum(captionLookNames, { error: `captionLook must be one of: ${captionLookNames.join(', ')}` })
      .nullable()
      .optional(),
    /** The whole list of named caption presets (it replaces the stored one). */
    captionPresets: captionPresetsSchema.optional(),
    /** The default language of new scripts, templates and schedules. */
    language: languageSchema.optional(),
  })
  .strict();

/** What GET /api/user answers and PATCH /api/user cannot change: ignored when sent back. */
export const userReadOnlyFields: readonly string[] = Object.keys(publicUserSchema.shape).filter((key) => !Object.hasOwn(updateUserSchema.shape, key));

/**
 * The user's read-only fields that say who the account is and what it pays for: sent back unchanged they
 * are ignored like the others, sent with another value PATCH /api/user refuses them (400), so a client
 * that tries to change its plan or identity is told so instead of answered 200 with nothing changed.
 */
export const userGuardedFields = [
  'username',
  'email',
  'emailVerified',
  'subscriptionTier',
  'subscriptionStatus',
  'subscriptionStartDate',
  'subscriptionEndDate',
  'voiceCloned',
] as const satisfies readonly (keyof PublicUser)[];
