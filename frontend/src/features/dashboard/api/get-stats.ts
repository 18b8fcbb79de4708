import useSWR from 'swr';

import type { Stats } from '@contract/stats';

/** GET /api/stats: the server's own answer type; the dashboard keeps it 5 minutes. */
export type { Stats };

export const STATS_KEY = '/api/stats';
export const STATS_FRESH_MS = 5 * 60 * 1000;

export function useStats() {
  return useSWR<Stats>(STATS_KEY, { dedupingInterval: STATS_FRESH_MS });
}

/** "x% of y MB used": percent rounded and capped at 100 (section 9). */
export function storagePercent(stats: Pick<Stats, 'totalStorageMB' | 'storageLimit'>): number {
  if (!stats.storageLimit) return 0;
  return Math.min(100, Math.round((stats.totalStorageMB / stats.storageLimit) * 100));
}
