import { z } from 'zod';
import { defaultLanguage } from '../../contract/languages';
import { defaultLogoSettings as spec001LogoDefaults } from '../../contract/rules/logo';
import { publicUserSchema, type LogoSettings, type PublicUser } from '../../contract/users';

/** The product's (docs/product.md#accounts) User entity as stored: what the API answers (contract/users.ts) and the payment provider's ids. */
export const defaultLogoSettings: LogoSettings = { ...spec001LogoDefaults };

export const userSchema = publicUserSchema.extend({
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export function newUser(input: { id: string; username: string; email: string; now: Date }): User {
  const now = input.now.toISOString();
  return {
    id: input.id,
    username: input.username,
    email: input.email,
    name: null,
    subscriptionTier: 'free',
    emailVerified: false,
    selectedVoice: null,
    subjectCategory: null,
    language: defaultLanguage,
    logoUrl: null,
    logoSettings: defaultLogoSettings,
    scriptTokensUsed: 0,
    audioMinutesUsed: 0,
    videoMinutesGenerated: 0,
    scriptTokenLastReset: now,
    audioMinutesLastReset: now,
    videoMinutesLastReset: now,
    weeklyEmailEnabled: false,
    weeklyEmailDay: 'monday',
    weeklyEmailTime: '9:00 AM',
    weeklyEmailScriptCount: 5,
    voiceCloned: false,
    subscriptionStatus: 'inactive',
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStartDate: null,
    subscriptionEndDate: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The payment provider's ids stay on the server; everything else is the user's own to see. */
export function toPublicUser(user: User): PublicUser {
  const { stripeCustomerId: _c, stripeSubscriptionId: _s, ...rest } = user;
  return rest;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
