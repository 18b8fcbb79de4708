import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { MailQuota, SuppressionList } from '../../../core/ports/delivery';
import { deliveryKeys, keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

const twoDays = 2 * 86_400;

/** Per-user mail counters, one item per UTC day (and per hour for test mail), gone by TTL two days later. */
export class DynamoMailQuota implements MailQuota {
  constructor(private readonly table: TableRef) {}

  takeDaily(userId: string, day: string, limit: number): Promise<boolean> {
    return this.take({ pk: keys.user(userId), sk: deliveryKeys.mailDay(day) }, limit);
  }

  takeTestHourly(userId: string, hour: string, limit: number): Promise<boolean> {
    return this.take({ pk: keys.user(userId), sk: deliveryKeys.testMailHour(hour) }, limit);
  }

  async usedToday(userId: string, day: string): Promise<number> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: deliveryKeys.mailDay(day) } }));
    return z.object({ sent: z.number() }).safeParse(Item).data?.sent ?? 0;
  }

  private async take(key: { pk: string; sk: string }, limit: number): Promise<boolean> {
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: key,
          UpdateExpression: 'SET sent = if_not_exists(sent, :zero) + :one, expiresAt = if_not_exists(expiresAt, :ttl)',
          ConditionExpression: 'attribute_not_exists(sent) OR sent < :limit',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': limit, ':ttl': Math.floor(Date.now() / 1000) + twoDays },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

/** `SUPPRESSED#<address>`: written by the SES feedback job, read before every automation mail. */
export class DynamoSuppressionList implements SuppressionList {
  constructor(private readonly table: TableRef) {}

  async isSuppressed(email: string): Promise<boolean> {
    const { Item } = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: deliveryKeys.suppressedAddress(email.toLowerCase()), sk: 'SUPPRESSED' } }),
    );
    return Item !== undefined;
  }

  async suppress(email: string, reason: 'bounce' | 'complaint', at: string): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: { pk: deliveryKeys.suppressedAddress(email.toLowerCase()), sk: 'SUPPRESSED', type: 'SuppressedAddress', reason, at },
      }),
    );
  }
}
