import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { scheduledEmailStatuses } from '../../../contract/delivery';
import type { ScheduledEmailRepository, StoredScheduledEmail } from '../../../core/ports/delivery';
import { defineEntity, ownerPk, idSortKey } from './entity';
import { deliveryKeys } from './keys';
import { isConditionFailure, queryPage, type TableRef } from './table';

const scheduledEmailSchema = z.object({
  id: z.string(),
  userId: z.string(),
  recipient: z.string(),
  scriptId: z.string(),
  scriptTitle: z.string(),
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  status: z.enum(scheduledEmailStatuses),
  emailType: z.literal('video_completion'),
  createdAt: z.string(),
}) satisfies z.ZodType<StoredScheduledEmail>;

/**
 * A scheduled email; a pending one is also in gsi1 under `DUE#SCHEDEMAIL` (a sparse index), its sort
 * key time first, so "everything due by now" is one range read.
 */
export const scheduledEmailEntity = defineEntity<StoredScheduledEmail, 'pending'>({
  type: 'ScheduledEmail',
  schema: scheduledEmailSchema,
  sortKeyPrefix: deliveryKeys.scheduledEmailPrefix,
  pk: ownerPk,
  sk: idSortKey(deliveryKeys.scheduledEmail),
  indexes: {
    pending: {
      index: 'gsi1',
      pk: { uses: [], build: () => deliveryKeys.pendingEmails },
      sk: { uses: ['scheduledAt', 'userId', 'id'], build: (e) => `${e.scheduledAt}#${e.userId}#${e.id}` },
      holds: { uses: ['status'], build: (e) => e.status === 'pending' },
    },
  },
  owner: 'user',
  export: { file: 'scheduled-emails.json' },
});

const key = (userId: string, id: string) => scheduledEmailEntity.key({ userId, id });
const dueSchema = z.object({ userId: z.string(), id: z.string() });

/**
 * Scheduled emails under `USER#<id>/SCHEDEMAIL#<id>`. A pending one is also in gsi1 under
 * `DUE#SCHEDEMAIL` (a sparse index: the claim and the cancel remove it), which the every-minute sweep
 * reads to catch anything the scheduler missed. The claim is one conditional update, pending → sending.
 */
export class DynamoScheduledEmailRepository implements ScheduledEmailRepository {
  constructor(private readonly table: TableRef) {}

  async create(email: StoredScheduledEmail): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: scheduledEmailEntity.item(email),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(userId: string, id: string): Promise<StoredScheduledEmail | undefined> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: key(userId, id), ConsistentRead: true }));
    return Item ? scheduledEmailEntity.parse(Item) : undefined;
  }

  async list(userId: string, limit: number): Promise<StoredScheduledEmail[]> {
    return (await scheduledEmailEntity.page(this.table, 'partition', { userId }, { newestFirst: true, limit })).items;
  }

  async claim(userId: string, id: string, now: string): Promise<StoredScheduledEmail | undefined> {
    try {
      const { Attributes } = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: key(userId, id),
          UpdateExpression: 'SET #status = :sending, claimedAt = :now REMOVE gsi1pk, gsi1sk',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return scheduledEmailSchema.parse(Attributes);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async finish(userId: string, id: string, outcome: { status: 'sent'; sentAt: string } | { status: 'failed'; errorMessage: string }): Promise<void> {
    const sent = outcome.status === 'sent';
    await this.table.client.send(
      new UpdateCommand({
        TableName: this.table.tableName,
        Key: key(userId, id),
        UpdateExpression: sent ? 'SET #status = :status, sentAt = :detail' : 'SET #status = :status, errorMessage = :detail',
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': outcome.status, ':detail': sent ? outcome.sentAt : outcome.errorMessage, ':sending': 'sending' },
      }),
    );
  }

  async cancel(userId: string, id: string, now: string): Promise<boolean> {
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: key(userId, id),
          UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now REMOVE gsi1pk, gsi1sk',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':cancelled': 'cancelled', ':pending': 'pending', ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Pending emails due by `now` (every user's; the sweep's read), oldest first. */
  async due(now: string, limit: number): Promise<{ userId: string; id: string }[]> {
    const page = await queryPage(this.table, dueSchema, scheduledEmailEntity.query('pending', {}, { sortKeyAtMost: `${now}#\uffff`, limit }));
    return page.items;
  }
}
