import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sessionSchema, type Session } from '../../../core/sessions/session';
import type { SessionStore } from '../../../core/ports/session-store';
import { keys } from './keys';
import { queryAll, type TableRef } from './table';
import { z } from 'zod';

const SK = 'SESSION';

/** Sessions by the hash of their id; indexed by user (gsi1) so a password reset can end them all. */
export class DynamoSessionStore implements SessionStore {
  constructor(private readonly table: TableRef) {}

  async get(idHash: string): Promise<Session | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.session(idHash), sk: SK }, ConsistentRead: true }),
    );
    return result.Item ? sessionSchema.parse(result.Item) : undefined;
  }

  async put(session: Session): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: {
          pk: keys.session(session.idHash),
          sk: SK,
          gsi1pk: keys.user(session.userId),
          gsi1sk: `SESSION#${session.idHash}`,
          ...session,
        },
      }),
    );
  }

  async touch(idHash: string, lastSeenAt: number): Promise<void> {
    await this.table.client
      .send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.session(idHash), sk: SK },
          UpdateExpression: 'SET lastSeenAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': lastSeenAt },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
      });
  }

  async delete(idHash: string): Promise<void> {
    await this.table.client.send(new DeleteCommand({ TableName: this.table.tableName, Key: { pk: keys.session(idHash), sk: SK } }));
  }

  async deleteAllForUser(userId: string): Promise<number> {
    const found = await queryAll(this.table, z.object({ pk: z.string(), sk: z.string() }), {
      index: 'gsi1',
      partitionKey: keys.user(userId),
      sortKeyPrefix: 'SESSION#',
    });
    for (let i = 0; i < found.length; i += 25) {
      const batch = found.slice(i, i + 25);
      await this.table.client.send(
        new BatchWriteCommand({
          RequestItems: { [this.table.tableName]: batch.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })) },
        }),
      );
    }
    return found.length;
  }
}
