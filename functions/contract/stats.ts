import { z } from 'zod';
import { tiers, type Tier } from './users';

/** GET /api/stats: every field of the product's (docs/product.md#dashboard) Stats, plus the minute figures it implies. */
export interface Stats {
  scriptsThisMonth: number;
  totalMediaAssets: number;
  videosThisMonth: number;
  /** The plan's video minutes (10, 30 or 200). */
  videosGenerationLimit: number;
  totalStorageMB: number;
  storageLimit: number;
  scriptTokensUsed: number;
  scriptTokensLimit: number;
  clonedVoices: number;
  voiceCloneLimit: number;
  audioMinutesUsed: number;
  audioMinutesLimit: number;
  scriptTokenLastReset: string;
  tier: Tier;
  videoMinutesUsed: number;
  videoMinutesLimit: number;
  audioMinutesLastReset: string;
  videoMinutesLastReset: string;
  /** When each counter starts again (basic and pro: 30 days after its last reset); null when the allowance is one-time (free). */
  nextResets: { scriptTokens: string | null; audioMinutes: string | null; videoMinutes: string | null };
}

/** `Stats` as a schema: the OpenAPI document's answer (platform/openapi). */
export const statsSchema: z.ZodType<Stats> = z.object({
  scriptsThisMonth: z.number(),
  totalMediaAssets: z.number(),
  videosThisMonth: z.number(),
  videosGenerationLimit: z.number(),
  totalStorageMB: z.number(),
  storageLimit: z.number(),
  scriptTokensUsed: z.number(),
  scriptTokensLimit: z.number(),
  clonedVoices: z.number(),
  voiceCloneLimit: z.number(),
  audioMinutesUsed: z.number(),
  audioMinutesLimit: z.number(),
  scriptTokenLastReset: z.string(),
  tier: z.enum(tiers),
  videoMinutesUsed: z.number(),
  videoMinutesLimit: z.number(),
  audioMinutesLastReset: z.string(),
  videoMinutesLastReset: z.string(),
  nextResets: z.object({ scriptTokens: z.string().nullable(), audioMinutes: z.string().nullable(), videoMinutes: z.string().nullable() }),
});
