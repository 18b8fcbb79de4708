import type { Tier } from '../users/user';

/** Storage per plan (spec 000 §9, 001 §9): free and basic 500 MB, pro 5000 MB. */
export const storageLimitMB: Readonly<Record<Tier, number>> = { free: 500, basic: 500, pro: 5000 };

export const bytesPerMB = 1024 * 1024;

export function storageLimitBytes(tier: Tier): number {
  return storageLimitMB[tier] * bytesPerMB;
}
