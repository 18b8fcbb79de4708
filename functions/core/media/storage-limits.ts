import { limitsOf } from '../plans/tiers';
import type { Tier } from '../../contract/users';

export const bytesPerMB = 1024 * 1024;

/** Storage per plan, from the one tier table: free and basic 500 MB, pro 5000 MB. */
export function storageLimitBytes(tier: Tier): number {
  return limitsOf(tier).storageMB * bytesPerMB;
}
