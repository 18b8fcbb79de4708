/** The plan's counters kept on the user's profile: script tokens, audio minutes, video minutes. */
export type UsageMetric = 'scriptTokens' | 'audioMinutes' | 'videoMinutes';

/**
 * The one adapter for every plan counter, changed only by single conditional writes (a check and its spend are
 * one write, so no race passes a limit); the usage meter (core/plans/usage-meter.ts) is its only caller.
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
  /**
   * Reserves `amount` for run `runId` if the counter stays at or under `limit`: the counter and the run's
   * marker (holding the amount and the limit) in one transaction; false (and nothing changed) if it does
   * not fit or the run already has a marker.
   */
  reserveRun(userId: string, metric: UsageMetric, runId: string, amount: number, limit: number): Promise<boolean>;
  /**
   * Settles run `runId` once, however often it is retried: its reservation becomes `actual` (more is
   * added up to the reservation's limit, less is given back). A run with no marker (started before
   * reservations) is charged `actual`; a run whose reservation was given back and yet finished (its start
   * looked failed) is charged `actual` up to the limit. Undefined when the run was already settled.
   */
  settleRun(userId: string, metric: UsageMetric, runId: string, actual: number): Promise<RunSettlement | undefined>;
  /** Gives back run `runId`'s reservation once; the amount given back, 0 when it was settled or given back already (or never reserved). */
  releaseRun(userId: string, metric: UsageMetric, runId: string): Promise<number>;
}

/** What settling a run did: what it had reserved (0 for a run with no reservation) and what it is charged now. */
export interface RunSettlement {
  reserved: number;
  charged: number;
}
