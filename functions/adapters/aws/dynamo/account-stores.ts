import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { CodePurpose, LoginThrottle, OneTimeCode, OneTimeCodeStore } from '../../../core/ports/accounts';
import { keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

const codeSchema = z.object({
  userId: z.string(),
  purpose: z.enum(['verify-email', 'reset-password']),
  codeHash: z.string(),
  linkHash: z.string(),
  attempts: z.number(),
  validUntil: z.number(),
  sentAt: z.number(),
});

const codeSk = (purpose: CodePurpose) => `OTC#${purpose}`;

/**
 * One live code per user and purpose under `USER#<id>/OTC#<purpose>`, holding the hashes of the code
 * and of the link token; the link is found through gsi1 (`LINK#<hash>`). Writing a new one voids both.
 */
export class DynamoOneTimeCodeStore implements OneTimeCodeStore {
  constructor(private readonly table: TableRef) {}

  async put(code: OneTimeCode): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: {
          pk: keys.user(code.userId),
          sk: codeSk(code.purpose),
          gsi1pk: keys.link(code.linkHash),
          gsi1sk: 'LINK',
          ...code,
          expiresAt: Math.ceil(code.validUntil / 1000) + 3600,
        },
      }),
    );
  }

  async get(userId: string, purpose: CodePurpose): Promise<OneTimeCode | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: codeSk(purpose) }, ConsistentRead: true }),
    );
    return result.Item ? codeSchema.parse(result.Item) : undefined;
  }

  async addAttempt(userId: string, purpose: CodePurpose): Promise<number> {
    try {
      const result = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.user(userId), sk: codeSk(purpose) },
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return z.object({ attempts: z.number() }).parse(result.Attributes).attempts;
    } catch (error) {
      if (isConditionFailure(error)) return Number.MAX_SAFE_INTEGER;
      throw error;
    }
  }

  async consume(code: OneTimeCode): Promise<boolean> {
    try {
      await this.table.client.send(
        new DeleteCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.user(code.userId), sk: codeSk(code.purpose) },
          ConditionExpression: 'codeHash = :code AND linkHash = :link',
          ExpressionAttributeValues: { ':code': code.codeHash, ':link': code.linkHash },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async findByLink(linkHash: string): Promise<OneTimeCode | undefined> {
    const result = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': keys.link(linkHash), ':sk': 'LINK' },
        Limit: 1,
      }),
    );
    const item = result.Items?.[0];
    return item ? codeSchema.parse(item) : undefined;
  }
}

export const failureWindowMs = 15 * 60_000;
export const failuresBeforeLock = 5;
export const lockMs = 15 * 60_000;

/**
 * Failed sign-ins are counted atomically per account in 15-minute windows; the fifth failure in a
 * window locks the account's sign-in for 15 minutes. A success clears both.
 */
export class DynamoLoginThrottle implements LoginThrottle {
  constructor(private readonly table: TableRef) {}

  async lockedUntil(userId: string, now: number): Promise<number | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: 'LOGINLOCK' }, ConsistentRead: true }),
    );
    const until = z.object({ lockedUntil: z.number() }).safeParse(result.Item);
    return until.success && until.data.lockedUntil > now ? until.data.lockedUntil : undefined;
  }

  async recordFailure(userId: string, now: number): Promise<void> {
    const window = Math.floor(now / failureWindowMs);
    const result = await this.table.client.send(
      new UpdateCommand({
        TableName: this.table.tableName,
        Key: { pk: keys.user(userId), sk: `LOGINFAIL#${window}` },
        UpdateExpression: 'ADD failures :one SET expiresAt = :ttl',
        ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil((now + 2 * failureWindowMs) / 1000) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const failures = z.object({ failures: z.number() }).parse(result.Attributes).failures;
    if (failures >= failuresBeforeLock) {
      await this.table.client.send(
        new PutCommand({
          TableName: this.table.tableName,
          Item: { pk: keys.user(userId), sk: 'LOGINLOCK', lockedUntil: now + lockMs, expiresAt: Math.ceil((now + lockMs) / 1000) + 60 },
        }),
      );
    }
  }

  async clear(userId: string): Promise<void> {
    const now = Date.now();
    const window = Math.floor(now / failureWindowMs);
    await Promise.all(
      ['LOGINLOCK', `LOGINFAIL#${window}`, `LOGINFAIL#${window - 1}`].map((sk) =>
        this.table.client.send(new DeleteCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk } })),
      ),
    );
  }
}
