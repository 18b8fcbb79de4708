import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SendOnce } from '../../../core/ports/delivery';
import { keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

/** `USER#<id>/SENT#<key>`, written once (conditional put), gone by TTL after `keepDays`. */
export class DynamoSendOnce implements SendOnce {
  constructor(private readonly table: TableRef) {}

  async claim(userId: string, key: string, keepDays: number): Promise<boolean> {
    try {
      await this.table.client.send(
        new PutCommand({
          TableName: this.table.tableName,
          Item: { pk: keys.user(userId), sk: `SENT#${key}`.slice(0, 1000), type: 'SentMarker', expiresAt: Math.floor(Date.now() / 1000) + keepDays * 86_400 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
