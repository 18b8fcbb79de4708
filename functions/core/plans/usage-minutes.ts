/** Two decimals, as every minute figure is kept and shown. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Audio and video minutes used by something that lasts `durationSeconds`: seconds / 60 to two decimals
 *, at least 0.01 for anything that lasts at all.
 */
export function usageMinutes(durationSeconds: number): number {
  return durationSeconds > 0 ? Math.max(0.01, round2(durationSeconds / 60)) : 0;
}
