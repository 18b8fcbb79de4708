import { z } from 'zod';

/** The spec's User entity (000 §3, 001 §3) as stored; `toPublicUser` is what the API answers. */
export const tiers = ['free', 'basic', 'pro'] as const;
export type Tier = (typeof tiers)[number];

export const logoSettingsSchema = z.object({
  position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']),
  size: z.string().min(1),
  opacity: z.number().min(0.1).max(1),
  enabled: z.boolean(),
});
export type LogoSettings = z.infer<typeof logoSettingsSchema>;

export const defaultLogoSettings: LogoSettings = { position: 'bottom-right', size: 'medium', opacity: 0.8, enabled: false };

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  subscriptionTier: z.enum(tiers),
  emailVerified: z.boolean(),
  selectedVoice: z.string().nullable(),
  subjectCategory: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoSettings: logoSettingsSchema,
  scriptTokensUsed: z.number(),
  audioMinutesUsed: z.number(),
  videoMinutesGenerated: z.number(),
  scriptTokenLastReset: z.string(),
  audioMinutesLastReset: z.string(),
  videoMinutesLastReset: z.string(),
  weeklyEmailEnabled: z.boolean(),
  weeklyEmailDay: z.string(),
  weeklyEmailTime: z.string(),
  weeklyEmailScriptCount: z.number(),
  voiceCloned: z.boolean(),
  subscriptionStatus: z.string(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionStartDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
export type PublicUser = Omit<User, 'stripeCustomerId' | 'stripeSubscriptionId'>;

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
