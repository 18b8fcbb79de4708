import { round2 } from '../../../functions/core/plans/usage-minutes';
import type { RunSettlement, UsageCounters, UsageMetric } from '../../../functions/core/ports/usage';
import type { User } from '../../../functions/core/users/user';
import type { MemoryUsers } from './users';

const fields = {
  scriptTokens: { used: 'scriptTokensUsed', lastReset: 'scriptTokenLastReset', round: (n: number) => Math.ceil(n) },
  audioMinutes: { used: 'audioMinutesUsed', lastReset: 'audioMinutesLastReset', round: round2 },
  videoMinutes: { used: 'videoMinutesGenerated', lastReset: 'videoMinutesLastReset', round: round2 },
} as const satisfies Record<UsageMetric, { used: keyof User; lastReset: keyof User; round: (n: number) => number }>;

type Marker = { state: 'reserved' | 'settled' | 'released'; reserved: number; limit: number };

/**
 * The plan's counters on the users' profiles, with the DynamoDB adapter's contract: a step is taken only
 * while `used + amount <= limit` (else false, nothing changed), a missing profile refuses, a reset is won
 * by the writer that read the last reset, and a video run's reservation is settled or given back once
 * (`VIDEORUN#<runId>` markers: reserved → settled | released).
 */
export class MemoryUsageCounters implements UsageCounters {
  readonly runs = new Map<string, Marker>();

  constructor(private readonly users: MemoryUsers) {}

  used(userId: string, metric: UsageMetric): number {
    const user = this.users.byId.get(userId);
    return user ? user[fields[metric].used] : 0;
  }

  private set(userId: string, metric: UsageMetric, value: number): void {
    const user = this.users.byId.get(userId);
    if (user) this.users.byId.set(userId, { ...user, [fields[metric].used]: value });
  }

  add(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<boolean> {
    const amountRounded = fields[metric].round(amount);
    if (!this.users.byId.has(userId) || amount > limit || this.used(userId, metric) > round2(limit - amount)) return Promise.resolve(false);
    this.set(userId, metric, round2(this.used(userId, metric) + amountRounded));
    return Promise.resolve(true);
  }

  refund(userId: string, metric: UsageMetric, amount: number): Promise<void> {
    if (amount > 0) this.set(userId, metric, Math.max(0, round2(this.used(userId, metric) - amount)));
    return Promise.resolve();
  }

  async addCapped(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<void> {
    if (amount <= 0 || (await this.add(userId, metric, amount, limit))) return;
    if (this.used(userId, metric) < limit) this.set(userId, metric, limit);
  }

  reset(userId: string, metric: UsageMetric, expectedLastReset: string, now: Date): Promise<void> {
    const user = this.users.byId.get(userId);
    const { used, lastReset } = fields[metric];
    if (user && user[lastReset] === expectedLastReset) this.users.byId.set(userId, { ...user, [used]: 0, [lastReset]: now.toISOString() });
    return Promise.resolve();
  }

  async reserveRun(userId: string, metric: UsageMetric, runId: string, amount: number, limit: number): Promise<boolean> {
    const key = `${userId}#${runId}`;
    const reserved = fields[metric].round(Math.max(0, amount));
    if (this.runs.has(key) || !(await this.add(userId, metric, reserved, limit))) return false;
    this.runs.set(key, { state: 'reserved', reserved, limit });
    return true;
  }

  async settleRun(userId: string, metric: UsageMetric, runId: string, actual: number): Promise<RunSettlement | undefined> {
    const key = `${userId}#${runId}`;
    const charged = fields[metric].round(Math.max(0, actual));
    const marker = this.runs.get(key);
    if (!marker) {
      this.runs.set(key, { state: 'settled', reserved: 0, limit: 0 });
      this.set(userId, metric, round2(this.used(userId, metric) + charged));
      return { reserved: 0, charged };
    }
    if (marker.state === 'settled') return undefined;
    const reserved = marker.state === 'reserved' ? marker.reserved : 0;
    const difference = round2(charged - reserved);
    if (difference > 0) await this.addCapped(userId, metric, difference, marker.limit);
    if (difference < 0) await this.refund(userId, metric, -difference);
    this.runs.set(key, { ...marker, state: 'settled' });
    return { reserved, charged };
  }

  async releaseRun(userId: string, metric: UsageMetric, runId: string): Promise<number> {
    const key = `${userId}#${runId}`;
    const marker = this.runs.get(key);
    if (marker?.state !== 'reserved') return 0;
    await this.refund(userId, metric, marker.reserved);
    this.runs.set(key, { ...marker, state: 'released' });
    return marker.reserved;
  }
}
