/** The plan's counters kept on the user's profile: script tokens, audio minutes, video minutes. */
export type UsageMetric = 'scriptTokens' | 'audioMinutes' | 'videoMinutes';

/**
 * The one adapter for every plan counter, changed only by single conditional writes (DESIGN
 * decision 2); the usage meter (core/plans/usage-meter.ts) is its only caller.
 */
export interface UsageCounters {
  /** Adds `amount` if the counter stays at or under `limit`; false (and nothing changed) if not. */
  add(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<boolean>;
  /** Gives back use reserved but not used (never below zero). */
  refund(userId: string, metric: UsageMetric, amount: number): Promise<void>;
  /** Adds use beyond a reservation, up to `limit` at most. */
  addCapped(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<void>;
  /** Starts the counter again, if the last reset is still `expectedLastReset` (one writer wins). */
  reset(userId: string, metric: UsageMetric, expectedLastReset: string, now: Date): Promise<void>;
  /** Adds `amount` for run `runId`, once however often it is retried; false when that run was already charged. */
  chargeOnce(userId: string, metric: UsageMetric, runId: string, amount: number): Promise<boolean>;
}
