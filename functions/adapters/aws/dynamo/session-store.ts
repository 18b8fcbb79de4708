import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sessionSchema, type Session } from '../../../core/sessions/session';
import type { SessionStore } from '../../../core/ports/session-store';
import { defineEntity, ownerPk } from './entity';
import { keys } from './keys';
import { queryAll, type TableRef } from './table';
import { z } from 'zod';

/** A session by the hash of its id; listed under its user in gsi1 so a password reset can end them all. */
export const sessionEntity = defineEntity<Session, 'byUser'>({
  type: 'Session',
  schema: sessionSchema,
  pk: { uses: ['idHash'], build: (s) => keys.session(s.idHash) },
  sk: { uses: [], build: () => 'SESSION' },
  indexes: { byUser: { index: 'gsi1', pk: ownerPk, sk: { uses: ['idHash'], build: (s) => `SESSION#${s.idHash}` } } },
});

const sessionKey = (idHash: string) => sessionEntity.key({ idHash });

/** Sessions by the hash of their id; indexed by user (gsi1) so a password reset can end them all. */
export class DynamoSessionStore implements SessionStore {
  constructor(private readonly table: TableRef) {}

  async get(idHash: string): Promise<Session | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: sessionKey(idHash), ConsistentRead: true }),
    );
    return result.Item ? sessionEntity.parse(result.Item) : undefined;
  }

  async put(session: Session): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: sessionEntity.item(session),
      }),
    );
  }

  async touch(idHash: string, lastSeenAt: number): Promise<void> {
    await this.table.client
      .send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: sessionKey(idHash),
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
    await this.table.client.send(new DeleteCommand({ TableName: this.table.tableName, Key: sessionKey(idHash) }));
  }

  async deleteAllForUser(userId: string): Promise<number> {
    const found = await queryAll(this.table, z.object({ pk: z.string(), sk: z.string() }), sessionEntity.query('byUser', { userId }, { sortKeyPrefix: 'SESSION#' }));
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
