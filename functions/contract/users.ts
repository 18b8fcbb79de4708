import { z } from 'zod';
import { captionPresetsSchema } from './caption-settings';
import { storedLanguageSchema } from './languages';
import { captionLookNames } from './rules/caption-looks';
import { isOpacityStep, logoOpacity, logoPositions, logoSizeNames } from './rules/logo';

/**
 * The product's (docs/product.md#accounts) User as the API answers it (GET /api/user, login, PATCH /api/user): the
 * stored record less the payment provider's ids (core/users/user.ts adds them).
 */
export const tiers = ['free', 'basic', 'pro'] as const;
export type Tier = (typeof tiers)[number];

/** The logo overlay's settings: a corner, one of the twelve sizes, opacity 0.1–1 in steps of 0.1. */
export const logoSettingsSchema = z.object({
  position: z.enum(logoPositions),
  size: z.enum(logoSizeNames),
  opacity: z
    .number()
    .min(logoOpacity.min, 'Opacity must be between 0.1 and 1')
    .max(logoOpacity.max, 'Opacity must be between 0.1 and 1')
    .refine(isOpacityStep, 'Opacity must be a multiple of 0.1'),
  enabled: z.boolean(),
});
export type LogoSettings = z.infer<typeof logoSettingsSchema>;

/**
 * PATCH /api/user/logo-settings `{ logoSettings }`: any of the four fields (the rest are kept), at least
 * one. The answer of the three logo calls is `LogoState`.
 */
export const updateLogoSettingsSchema = z
  .object({
    logoSettings: logoSettingsSchema
      .partial()
      .strict()
      .refine((value) => Object.keys(value).length > 0, 'logoSettings must name at least one of position, size, opacity, enabled'),
  })
  .strict();
export type UpdateLogoSettingsRequest = z.infer<typeof updateLogoSettingsSchema>;

/** POST /api/user/logo, PATCH /api/user/logo-settings, DELETE /api/user/logo answer the user's logo fields. */
export interface LogoState {
  /** `/api/logo/<uuid>.png`, or null when there is no logo. */
  logoUrl: string | null;
  logoSettings: LogoSettings;
}

/** What the logo calls answer beside the settings, ignored when sent back to PATCH /api/user/logo-settings. */
export const logoStateReadOnlyFields = ['logoUrl'] as const satisfies readonly (keyof LogoState)[];

/** GET /api/logo/{file}. */
export const logoFileParams = z.object({ file: z.string().max(64) });

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  subscriptionTier: z.enum(tiers),
  emailVerified: z.boolean(),
  selectedVoice: z.string().nullable(),
  /** The creator's voice speed, 0.8x–1.3x; absent until chosen (1x). */
  voiceSpeed: z.number().optional(),
  /** The caption look the creator chose last, pre-selected at the next Create Video; absent or null: none yet. */
  captionLook: z.enum(captionLookNames).nullable().optional(),
  /** The creator's named caption presets; absent until one is saved. */
  captionPresets: captionPresetsSchema.optional(),
  subjectCategory: z.string().nullable(),
  /** The language new scripts, templates and schedules are written in when a request names none (Settings); absent: English. */
  language: storedLanguageSchema,
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

/** `LogoState` as a schema: the OpenAPI document's answer (platform/openapi). */
export const logoStateSchema: z.ZodType<LogoState> = z.object({ logoUrl: z.string().nullable(), logoSettings: logoSettingsSchema });
