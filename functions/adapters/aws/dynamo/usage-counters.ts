import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UsageCounters, UsageMetric } from '../../../core/ports/usage';
import { round2 } from '../../../core/plans/usage-minutes';
import { keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

/** Each plan counter on the user's profile item: the attribute counted and the one holding its last reset. */
const metrics = {
  scriptTokens: { used: 'scriptTokensUsed', lastReset: 'scriptTokenLastReset', round: (n: number) => Math.ceil(n) },
  audioMinutes: { used: 'audioMinutesUsed', lastReset: 'audioMinutesLastReset', round: round2 },
  videoMinutes: { used: 'videoMinutesGenerated', lastReset: 'videoMinutesLastReset', round: round2 },
} as const satisfies Record<UsageMetric, { used: string; lastReset: string | undefined; round: (n: number) => number }>;

const day = 24 * 60 * 60;

/**
 * The plan's counters on `USER#<id>/PROFILE`, one adapter for all of them (script tokens, audio and
 * video minutes). "Check the limit, then spend" is one conditional update, `used + amount <= limit`
 * written `used <= limit - amount` (DynamoDB's numbers are decimal, so two-decimal minutes add up
 * exactly); a reset is conditioned on the last reset it read, so one writer wins; a run's video minutes
 * are charged with a per-run marker in the same transaction, so a retried finalize charges once.
 */
export class DynamoUsageCounters implements UsageCounters {
  constructor(private readonly table: TableRef) {}

  private get key() {
    return (userId: string) => keys.profile(userId);
  }

  async add(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<boolean> {
    const { used, round } = metrics[metric];
    if (amount > limit) return false;
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET #used = if_not_exists(#used, :zero) + :amount',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#used) OR #used <= :ceiling)',
          ExpressionAttributeNames: { '#used': used },
          ExpressionAttributeValues: { ':amount': round(amount), ':ceiling': round2(limit - amount), ':zero': 0 },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Gives back what was reserved but not used, never below zero (a reset may have happened in between). */
  async refund(userId: string, metric: UsageMetric, amount: number): Promise<void> {
    if (amount <= 0) return;
    const { used } = metrics[metric];
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET #used = #used - :amount',
          ConditionExpression: '#used >= :amount',
          ExpressionAttributeNames: { '#used': used },
          ExpressionAttributeValues: { ':amount': amount },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      await this.table.client
        .send(
          new UpdateCommand({
            TableName: this.table.tableName,
            Key: this.key(userId),
            UpdateExpression: 'SET #used = :zero',
            ConditionExpression: 'attribute_exists(pk) AND #used < :amount',
            ExpressionAttributeNames: { '#used': used },
            ExpressionAttributeValues: { ':zero': 0, ':amount': amount },
          }),
        )
        .catch((inner: unknown) => {
          if (!isConditionFailure(inner)) throw inner;
        });
    }
  }

  /** Adds use beyond a reservation, up to `limit` at most. */
  async addCapped(userId: string, metric: UsageMetric, amount: number, limit: number): Promise<void> {
    if (amount <= 0) return;
    if (await this.add(userId, metric, amount, limit)) return;
    const { used } = metrics[metric];
    await this.table.client
      .send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET #used = :limit',
          ConditionExpression: 'attribute_exists(pk) AND #used < :limit',
          ExpressionAttributeNames: { '#used': used },
          ExpressionAttributeValues: { ':limit': limit },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }

  async reset(userId: string, metric: UsageMetric, expectedLastReset: string, now: Date): Promise<void> {
    const { used, lastReset } = metrics[metric];
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET #used = :zero, #last = :now',
          ConditionExpression: '#last = :expected',
          ExpressionAttributeNames: { '#used': used, '#last': lastReset },
          ExpressionAttributeValues: { ':zero': 0, ':now': now.toISOString(), ':expected': expectedLastReset },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Adds `amount` for run `runId` once: false when that run was already charged. */
  async chargeOnce(userId: string, metric: UsageMetric, runId: string, amount: number): Promise<boolean> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { used, round } = metrics[metric];
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table.tableName,
                Item: { ...keys.chargedRun(userId, runId), minutes: amount, chargedAt: nowSeconds, expiresAt: nowSeconds + 90 * day },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: this.table.tableName,
                Key: this.key(userId),
                UpdateExpression: 'SET #used = if_not_exists(#used, :zero) + :amount',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: { '#used': used },
                ExpressionAttributeValues: { ':zero': 0, ':amount': round(amount) },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
