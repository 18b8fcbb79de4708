import { z } from 'zod';

/**
 * The spec's User (000 §3, 001 §3) as the API answers it (GET /api/user, login, PATCH /api/user): the
 * stored record less the payment provider's ids (core/users/user.ts adds them).
 */
export const tiers = ['free', 'basic', 'pro'] as const;
export type Tier = (typeof tiers)[number];

export const logoSettingsSchema = z.object({
  position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']),
  size: z.string().min(1),
  opacity: z.number().min(0.1).max(1),
  enabled: z.boolean(),
});
export type LogoSettings = z.infer<typeof logoSettingsSchema>;

export const publicUserSchema = z.object({
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
  subscriptionStartDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
