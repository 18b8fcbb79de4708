import { z } from 'zod';
import type { RunSettlement, UsageCounters, UsageMetric } from '../../../core/ports/usage';
import { round2 } from '../../../core/plans/usage-minutes';
import type { User } from '../../../core/users/user';
import { defineEntity, where, type Condition, type UpdateSpec } from './entity';
import { keys } from './keys';
import { cancellationCodes } from './plan-counter';
import { conditionHeld, getItem, isConditionFailure, transactWrite, unlessConditionFails, type TableRef, type TransactItem } from './table';
import { userEntity } from './user-repository';

/** Each plan counter on the user's profile item: the attribute counted and the one holding its last reset. */
const metrics = {
  scriptTokens: { used: 'scriptTokensUsed', lastReset: 'scriptTokenLastReset', round: (n: number) => Math.ceil(n) },
  audioMinutes: { used: 'audioMinutesUsed', lastReset: 'audioMinutesLastReset', round: round2 },
  videoMinutes: { used: 'videoMinutesGenerated', lastReset: 'videoMinutesLastReset', round: round2 },
} as const satisfies Record<UsageMetric, { used: string; lastReset: string | undefined; round: (n: number) => number }>;

/** `VIDEORUN#<runId>`: a reservation (`reserved`), then `settled` or `released`; markers from before reservations have no state (charged). */
const runMarkerSchema = z.object({
  state: z.enum(['reserved', 'settled', 'released']).optional(),
  reserved: z.number().optional(),
  limit: z.number().optional(),
});
type RunMarkerState = NonNullable<z.infer<typeof runMarkerSchema>['state']>;

const chargedRunSchema = runMarkerSchema.extend({
  userId: z.string(),
  runId: z.string(),
  metric: z.enum(['scriptTokens', 'audioMinutes', 'videoMinutes']),
  reservedAt: z.number().optional(),
  minutes: z.number().optional(),
  chargedAt: z.number().optional(),
});
const markerKeepSeconds = 90 * 24 * 60 * 60;

/** The marker that a video run's minutes were charged (`USER#<id>/VIDEORUN#<run id>`), kept 90 days from when it is written. */
export const chargedRunEntity = defineEntity<z.infer<typeof chargedRunSchema>>({
  type: 'ChargedRun',
  schema: chargedRunSchema,
  sortKeyPrefix: 'VIDEORUN#',
  pk: { uses: ['userId'], build: (m) => keys.chargedRun(m.userId, '').pk },
  sk: { uses: ['userId', 'runId'], build: (m) => keys.chargedRun(m.userId, m.runId).sk },
  derived: { expiresAt: { uses: [], build: () => Math.floor(Date.now() / 1000) + markerKeepSeconds } },
  owner: 'user',
});

type CounterStep = 'add' | 'up-to-limit' | 'subtract' | 'to-zero';

/** Transaction conflicts (real DynamoDB) are tried again this often, after a short random pause. */
const attempts = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));

/**
 * The plan's counters on `USER#<id>/PROFILE`, one adapter for all of them (script tokens, audio and
 * video minutes). "Check the limit, then spend" is one conditional update, `used + amount <= limit`
 * written `used <= limit - amount` (DynamoDB's numbers are decimal, so two-decimal minutes add up
 * exactly); a reset is conditioned on the last reset it read, so one writer wins. A video run's minutes
 * are reserved with a per-run marker `VIDEORUN#<runId>` in the same transaction, and the
 * marker's conditional change from `reserved` to `settled` or `released` goes with the counter's
 * correction in one transaction too, so a retried finalize or failure settles or gives back once.
 */
export class DynamoUsageCounters implements UsageCounters {
  constructor(private readonly table: TableRef) {}

  /** The profile's record key. */
  private profile(userId: string) {
    return { id: userId };
  }

  async add(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<boolean> {
    const { used, round } = metrics[metric];
    if (amount > limit) return false;
    return userEntity.updateIf(this.table, this.profile(userId), {
      add: { [used]: round(amount) },
      condition: where.and(where.itemExists(), where.or(where.absent(used), where.le(used, round2(limit - amount)))),
    });
  }

  /** Gives back what was reserved but not used, never below zero (a reset may have happened in between). */
  async refund(userId: string, metric: UsageMetric, amount: number): Promise<void> {
    if (amount <= 0) return;
    if (await userEntity.updateIf(this.table, this.profile(userId), this.counterUpdate(metric, 'subtract', amount))) return;
    await unlessConditionFails(userEntity.update(this.table, this.profile(userId), this.counterUpdate(metric, 'to-zero', amount)));
  }

  /** Adds use beyond a reservation, up to `limit` at most. */
  async addCapped(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<void> {
    if (amount <= 0) return;
    if (await this.add(userId, metric, amount, limit)) return;
    const { used } = metrics[metric];
    await unlessConditionFails(
      userEntity.update(this.table, this.profile(userId), { set: { [used]: limit }, condition: where.and(where.itemExists(), where.lt(used, limit)) }),
    );
  }

  async reset(userId: string, metric: UsageMetric, expectedLastReset: string, now: Date): Promise<void> {
    const { used, lastReset } = metrics[metric];
    await unlessConditionFails(
      userEntity.update(this.table, this.profile(userId), {
        set: { [used]: 0, [lastReset]: now.toISOString() },
        condition: where.eq(lastReset, expectedLastReset),
      }),
    );
  }

  /**
   * The run's reservation and the counter in one transaction: the marker `VIDEORUN#<runId>` is put
   * (absent before) holding the amount and the limit, and the counter steps on `used <= limit - amount`.
   * A transaction conflict (real DynamoDB) is tried again; a failed condition refuses.
   */
  async reserveRun(userId: string, metric: UsageMetric, runId: string, amount: number, limit: number): Promise<boolean> {
    const { round } = metrics[metric];
    const reserved = round(Math.max(0, amount));
    if (reserved > limit) return false;
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (let attempt = 0; ; attempt++) {
      try {
        await transactWrite(this.table, [
          chargedRunEntity.newItem(this.table, { userId, runId, metric, state: 'reserved', reserved, limit, reservedAt: nowSeconds }),
          this.counterStep(userId, metric, 'add', reserved, limit),
        ]);
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const codes = cancellationCodes(error) ?? [];
        if (codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed') && attempt < attempts - 1) {
          await pause(attempt);
          continue;
        }
        return false;
      }
    }
  }

  async settleRun(userId: string, metric: UsageMetric, runId: string, actual: number): Promise<RunSettlement | undefined> {
    const { round } = metrics[metric];
    const charged = round(Math.max(0, actual));
    for (let attempt = 0; attempt < attempts; attempt++) {
      const marker = await this.marker(userId, runId);
      if (!marker) {
        // A run reserved nothing (it started before reservations): its minutes are charged once, as before.
        if (await this.chargeUnreserved(userId, metric, runId, charged)) return { reserved: 0, charged };
        continue;
      }
      // Given back already (a start that failed as far as the request knew, yet ran): charged in full.
      if (marker.state !== 'reserved' && marker.state !== 'released') return undefined;
      const reserved = marker.state === 'reserved' ? marker.reserved : 0;
      const difference = round2(charged - reserved);
      const steps =
        difference > 0
          ? [this.counterStep(userId, metric, 'add', difference, marker.limit), this.counterStep(userId, metric, 'up-to-limit', 0, marker.limit), undefined]
          : difference < 0
            ? [this.counterStep(userId, metric, 'subtract', -difference), this.counterStep(userId, metric, 'to-zero', -difference), undefined]
            : [undefined];
      const ended = await this.endReservation(userId, runId, marker.state, 'settled', { minutes: charged, chargedAt: Math.floor(Date.now() / 1000) }, steps);
      if (ended === 'ended') return { reserved, charged };
      if (ended === 'not-reserved') return undefined;
    }
    throw new Error(`the video run ${runId} could not be settled`);
  }

  async releaseRun(userId: string, metric: UsageMetric, runId: string): Promise<number> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const marker = await this.marker(userId, runId);
      if (!marker || marker.state !== 'reserved') return 0;
      const steps = [this.counterStep(userId, metric, 'subtract', marker.reserved), this.counterStep(userId, metric, 'to-zero', marker.reserved), undefined];
      const ended = await this.endReservation(userId, runId, 'reserved', 'released', { releasedAt: Math.floor(Date.now() / 1000) }, steps);
      if (ended === 'ended') return marker.reserved;
      if (ended === 'not-reserved') return 0;
    }
    throw new Error(`the video run ${runId} could not be given back`);
  }

  /** The run's marker: `reserved` until settled or given back; a marker without a state is a charge from before reservations. */
  private async marker(userId: string, runId: string): Promise<{ state: RunMarkerState; reserved: number; limit: number } | undefined> {
    const item = await getItem(this.table, keys.chargedRun(userId, runId), { consistent: true });
    if (!item) return undefined;
    const parsed = runMarkerSchema.safeParse(item);
    return parsed.success
      ? { state: parsed.data.state ?? 'settled', reserved: parsed.data.reserved ?? 0, limit: parsed.data.limit ?? 0 }
      : { state: 'settled', reserved: 0, limit: 0 };
  }

  /** The profile's update of one settling step, with its own condition, for the marker's transaction. */
  private counterStep(userId: string, metric: UsageMetric, kind: CounterStep, amount: number, limit = 0): TransactItem {
    return userEntity.updateItem(this.table, this.profile(userId), this.counterUpdate(metric, kind, amount, limit));
  }

  /** The profile's update of one counter step, with its own condition. */
  private counterUpdate(metric: UsageMetric, kind: CounterStep, amount: number, limit = 0): UpdateSpec<User> & { condition: Condition } {
    const { used } = metrics[metric];
    switch (kind) {
      case 'add':
        return { add: { [used]: amount }, condition: where.and(where.itemExists(), where.or(where.absent(used), where.le(used, round2(limit - amount)))) };
      case 'up-to-limit':
        return { set: { [used]: limit }, condition: where.and(where.itemExists(), where.or(where.absent(used), where.lt(used, limit))) };
      case 'subtract':
        return { add: { [used]: -amount }, condition: where.ge(used, amount) };
      case 'to-zero':
        return { set: { [used]: 0 }, condition: where.and(where.itemExists(), where.lt(used, amount)) };
    }
  }

  /**
   * Moves the run's marker from `from` to `state` together with the first counter step whose condition
   * holds (`undefined`: the marker alone). 'not-reserved' when the marker was no longer `from` (another
   * settle or give-back won), 'retry' when it should be read again (a conflict).
   */
  private async endReservation(
    userId: string,
    runId: string,
    from: 'reserved' | 'released',
    state: 'settled' | 'released',
    fields: Record<string, number>,
    steps: readonly (TransactItem | undefined)[],
  ): Promise<'ended' | 'not-reserved' | 'retry'> {
    const marker = chargedRunEntity.updateItem(this.table, { userId, runId }, { set: { state, ...fields }, condition: where.eq('state', from) });
    for (const [attempt, step] of steps.entries()) {
      try {
        await transactWrite(this.table, step ? [marker, step] : [marker]);
        return 'ended';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const codes = cancellationCodes(error);
        if (codes === undefined) {
          // No reasons given: the marker says whether it was its condition.
          if ((await this.marker(userId, runId))?.state !== from) return 'not-reserved';
          continue;
        }
        if (codes[0] === 'ConditionalCheckFailed') return 'not-reserved';
        if (codes.includes('TransactionConflict')) {
          await pause(attempt);
          return 'retry';
        }
        // The counter's condition failed: the next step.
      }
    }
    return 'retry';
  }

  /** A run without a reservation, charged `amount` once: the marker (absent before) and the counter in one transaction; false when the marker exists. */
  private async chargeUnreserved(userId: string, metric: UsageMetric, runId: string, amount: number): Promise<boolean> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { used } = metrics[metric];
    return conditionHeld(
      transactWrite(this.table, [
        chargedRunEntity.newItem(this.table, { userId, runId, metric, state: 'settled', minutes: amount, chargedAt: nowSeconds }),
        userEntity.updateItem(this.table, this.profile(userId), { add: { [used]: amount }, condition: where.itemExists() }),
      ]),
    );
  }
}
