import { z } from 'zod';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionRecord, ConnectionStore, TicketOwner, TicketStore } from '../../../core/ports/realtime';
import { keys } from './keys';
import { isConditionFailure, queryAll, type TableRef } from './table';

const connectionSchema = z.object({
  connectionId: z.string(),
  userId: z.string().optional(),
  sessionHash: z.string().optional(),
  types: z.array(z.string()).default([]),
  connectedAt: z.number(),
});

/** API Gateway ends a WebSocket connection after 2 hours; the TTL removes what $disconnect missed. */
const connectionLifetimeSeconds = 3 * 60 * 60;
const MAIN_SK = 'WSCONN';

/**
 * A connection is one item under its id; once authenticated it is also listed under its user
 * (`USER#<id>` / `WSCONN#<connectionId>`), which is what publishing reads.
 */
export class DynamoConnectionStore implements ConnectionStore {
  constructor(private readonly table: TableRef) {}

  private expiresAt(connectedAt: number): number {
    return Math.ceil(connectedAt / 1000) + connectionLifetimeSeconds;
  }

  async add(connectionId: string, connectedAt: number): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: { pk: keys.wsConnection(connectionId), sk: MAIN_SK, connectionId, types: [], connectedAt, expiresAt: this.expiresAt(connectedAt) },
      }),
    );
  }

  async get(connectionId: string): Promise<ConnectionRecord | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.wsConnection(connectionId), sk: MAIN_SK }, ConsistentRead: true }),
    );
    return result.Item ? connectionSchema.parse(result.Item) : undefined;
  }

  private items(record: ConnectionRecord & { userId: string }) {
    const body = { ...record, expiresAt: this.expiresAt(record.connectedAt) };
    return [
      { pk: keys.wsConnection(record.connectionId), sk: MAIN_SK, ...body },
      { pk: keys.user(record.userId), sk: keys.wsConnection(record.connectionId), ...body },
    ];
  }

  async bindUser(connectionId: string, userId: string, sessionHash: string): Promise<void> {
    const current = await this.get(connectionId);
    if (!current) return;
    if (current.userId && current.userId !== userId) {
      await this.table.client.send(
        new DeleteCommand({ TableName: this.table.tableName, Key: { pk: keys.user(current.userId), sk: keys.wsConnection(connectionId) } }),
      );
    }
    const record = { ...current, userId, sessionHash, types: current.userId === userId ? current.types : [] };
    await this.table.client.send(
      new TransactWriteCommand({ TransactItems: this.items(record).map((Item) => ({ Put: { TableName: this.table.tableName, Item } })) }),
    );
  }

  async setTypes(connection: ConnectionRecord, types: string[]): Promise<void> {
    if (!connection.userId) return;
    const record = { ...connection, userId: connection.userId, types };
    await this.table.client.send(
      new TransactWriteCommand({ TransactItems: this.items(record).map((Item) => ({ Put: { TableName: this.table.tableName, Item } })) }),
    );
  }

  async remove(connectionId: string): Promise<void> {
    const current = await this.get(connectionId);
    await this.table.client.send(new DeleteCommand({ TableName: this.table.tableName, Key: { pk: keys.wsConnection(connectionId), sk: MAIN_SK } }));
    if (current?.userId) {
      await this.table.client.send(
        new DeleteCommand({ TableName: this.table.tableName, Key: { pk: keys.user(current.userId), sk: keys.wsConnection(connectionId) } }),
      );
    }
  }

  async listForUser(userId: string): Promise<ConnectionRecord[]> {
    return queryAll(this.table, connectionSchema, { partitionKey: keys.user(userId), sortKeyPrefix: 'WSCONN#' });
  }
}

const ticketSchema = z.object({ userId: z.string(), sessionHash: z.string(), validUntil: z.number() });

export class DynamoTicketStore implements TicketStore {
  constructor(private readonly table: TableRef) {}

  async issue(ticketHash: string, owner: TicketOwner, expiresAt: number): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: {
          pk: keys.wsTicket(ticketHash),
          sk: 'TICKET',
          userId: owner.userId,
          sessionHash: owner.sessionHash,
          validUntil: expiresAt,
          expiresAt: Math.ceil(expiresAt / 1000),
        },
      }),
    );
  }

  async redeem(ticketHash: string, now: number): Promise<TicketOwner | undefined> {
    try {
      const result = await this.table.client.send(
        new DeleteCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.wsTicket(ticketHash), sk: 'TICKET' },
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      const ticket = ticketSchema.safeParse(result.Attributes);
      return ticket.success && ticket.data.validUntil > now ? { userId: ticket.data.userId, sessionHash: ticket.data.sessionHash } : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}
