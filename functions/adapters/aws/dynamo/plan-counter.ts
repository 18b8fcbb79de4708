import { z } from 'zod';
import { defineEntity, ownerPk, where } from './entity';
import { keys } from './keys';
import { getItem, queryCount, transactWrite, type TableRef, type TransactItem } from './table';

export type { TransactItem } from './table';

/** What a counted write came to: written; refused at the limit; or one of the record writes' own conditions failed. */
export type CountedOutcome = 'written' | 'limit' | 'record';

const cancellation = z.object({
  name: z.literal('TransactionCanceledException'),
  CancellationReasons: z.array(z.object({ Code: z.string().optional() })).optional(),
});

/** The reason codes of a cancelled transaction, one per item (`None`, `ConditionalCheckFailed`, `TransactionConflict`…). */
export function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  return cancellation.safeParse(error).data?.CancellationReasons?.map((reason) => reason.Code);
}

const counterSchema = z.object({ count: z.number() });
const attempts = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));

/** Counts a user's items under a sort-key prefix, optionally only those matching a filter (`isActive = true`). */
export function countUnder(table: TableRef, prefix: string, filter?: { attribute: string; equals: boolean | string }) {
  return (userId: string): Promise<number> =>
    queryCount(table, {
      partitionKey: keys.user(userId),
      sortKeyPrefix: prefix,
      consistentRead: true,
      ...(filter ? { filter: where.eq(filter.attribute, filter.equals) } : {}),
    });
}

const planCounterSchema = z.object({ userId: z.string(), name: z.string(), count: z.number() });

/** A plan limit's counter under `USER#<id>`, its sort key its name (`COUNT#…`, `VOICE_CLONES`). */
export const planCounterEntity = defineEntity<z.infer<typeof planCounterSchema>>({
  type: 'PlanCounter',
  schema: planCounterSchema,
  sortKeyPrefix: 'COUNT#',
  pk: ownerPk,
  sk: { uses: ['name'], build: (c) => c.name },
  owner: 'user',
});

/**
 * A plan limit's counter, one item `USER#<id>/<sortKey>` holding `count` (a limit is checked
 * and spent in one transaction, never counted and then written). Every write that changes what is
 * counted goes through `change`: the record writes (each with its own condition) and the counter's step
 * in one TransactWrite. Raising is conditioned on `count < limit`, so a plan downgraded below the
 * count refuses until enough are gone; lowering never goes below zero.
 *
 * A user with no counter yet (records written before it existed) gets one seeded from a count of their
 * records, put only if still absent, in the same transaction as the change; a lost seed, a counter moved
 * since it was read, or a transaction conflict is tried again against the counter as it now is. Since
 * every counted change either seeds or steps the counter, nothing counted is written without it.
 */
export class PlanCounter {
  constructor(
    private readonly table: TableRef,
    private readonly sortKey: string,
    /** How many counted records the user has now (the seed of a missing counter). */
    private readonly countRecords: (userId: string) => Promise<number>,
  ) {}

  private key(userId: string) {
    return planCounterEntity.key({ userId, name: this.sortKey });
  }

  async current(userId: string): Promise<number | undefined> {
    const item = await getItem(this.table, this.key(userId), { consistent: true });
    return item === undefined ? undefined : (counterSchema.safeParse(item).data?.count ?? 0);
  }

  /** The counter's own write for a step of `delta` from `count` (undefined: no counter yet), or 'limit' when a seed already shows it reached. */
  private async stepOf(userId: string, count: number | undefined, delta: 1 | -1, limit: number): Promise<TransactItem | 'limit'> {
    const counter = { userId, name: this.sortKey };
    if (count === undefined) {
      const existing = await this.countRecords(userId);
      if (delta > 0 && existing >= limit) return 'limit';
      return planCounterEntity.newItem(this.table, { userId, name: this.sortKey, count: Math.max(0, existing + delta) });
    }
    if (delta > 0) {
      return planCounterEntity.updateItem(this.table, counter, { add: { count: 1 }, condition: where.lt('count', limit) });
    }
    if (count > 0) {
      return planCounterEntity.updateItem(this.table, counter, { add: { count: -1 }, condition: where.gt('count', 0) });
    }
    // Already at zero (out of step): the record changes, the counter stays at zero.
    return planCounterEntity.checkItem(this.table, counter, where.le('count', 0));
  }

  /**
   * Writes `records` and steps the counter by `delta` (+1 only below `limit`) in one transaction.
   * 'record': one of the records' conditions failed (nothing written). 'limit': the counter is at
   * or above the limit (nothing written).
   */
  async change(userId: string, records: readonly TransactItem[], delta: 1 | -1, limit = Number.POSITIVE_INFINITY): Promise<CountedOutcome> {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const count = await this.current(userId);
      if (count !== undefined && delta > 0 && count >= limit) return 'limit';
      const step = await this.stepOf(userId, count, delta, limit);
      if (step === 'limit') return 'limit';
      try {
        await transactWrite(this.table, [...records, step]);
        return 'written';
      } catch (error) {
        const codes = cancellationCodes(error);
        if (!codes) throw error;
        if (codes.slice(0, records.length).includes('ConditionalCheckFailed')) return 'record';
        const counterCode = codes[records.length];
        // The counter was there, below the limit a moment ago, and refused the step: the limit is reached.
        if (counterCode === 'ConditionalCheckFailed' && count !== undefined && delta > 0) return 'limit';
        // A lost seed, a counter moved under us, or a conflict with another transaction: again, as it now is.
        await pause(attempt);
      }
    }
    throw new Error(`The ${this.sortKey} counter kept changing; try again`);
  }
}
