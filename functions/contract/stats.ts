import type { Tier } from './users';

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
