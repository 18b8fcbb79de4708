import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScriptTokenCounter } from '../../../core/ports/scripts';
import { keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

const PROFILE = 'PROFILE';

/**
 * The script-token counter on the user's profile item. "Check the limit, then spend" is one
 * conditional update (DESIGN decision 2): `used + amount <= limit` is written `used <= limit - amount`.
 */
export class DynamoScriptTokenCounter implements ScriptTokenCounter {
  constructor(private readonly table: TableRef) {}

  private key(userId: string) {
    return { pk: keys.user(userId), sk: PROFILE };
  }

  async add(userId: string, amount: number, limit: number): Promise<boolean> {
    if (amount > limit) return false;
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET scriptTokensUsed = scriptTokensUsed + :amount',
          ConditionExpression: 'attribute_exists(pk) AND scriptTokensUsed <= :ceiling',
          ExpressionAttributeValues: { ':amount': amount, ':ceiling': limit - amount },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async refund(userId: string, amount: number): Promise<void> {
    if (amount <= 0) return;
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET scriptTokensUsed = scriptTokensUsed - :amount',
          ConditionExpression: 'scriptTokensUsed >= :amount',
          ExpressionAttributeValues: { ':amount': amount },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A reset happened in between: the counter is already below what we would give back.
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET scriptTokensUsed = :zero',
          ConditionExpression: 'attribute_exists(pk) AND scriptTokensUsed < :amount',
          ExpressionAttributeValues: { ':zero': 0, ':amount': amount },
        }),
      ).catch((inner: unknown) => {
        if (!isConditionFailure(inner)) throw inner;
      });
    }
  }

  async addCapped(userId: string, amount: number, limit: number): Promise<void> {
    if (amount <= 0) return;
    if (await this.add(userId, amount, limit)) return;
    await this.table.client.send(
      new UpdateCommand({
        TableName: this.table.tableName,
        Key: this.key(userId),
        UpdateExpression: 'SET scriptTokensUsed = :limit',
        ConditionExpression: 'attribute_exists(pk) AND scriptTokensUsed < :limit',
        ExpressionAttributeValues: { ':limit': limit },
      }),
    ).catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  }

  async reset(userId: string, expectedLastReset: string, now: Date): Promise<void> {
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: this.key(userId),
          UpdateExpression: 'SET scriptTokensUsed = :zero, scriptTokenLastReset = :now',
          ConditionExpression: 'scriptTokenLastReset = :expected',
          ExpressionAttributeValues: { ':zero': 0, ':now': now.toISOString(), ':expected': expectedLastReset },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
