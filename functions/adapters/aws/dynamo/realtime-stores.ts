import { z } from 'zod';
import type { ConnectionRecord, ConnectionStore, TicketOwner, TicketStore } from '../../../core/ports/realtime';
import { defineEntity, ownerPk, where } from './entity';
import { keys } from './keys';
import { ifConditionFails, transactWrite, type TableRef } from './table';

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
const expiry = {
  expiresAt: { uses: ['connectedAt'] as const, build: (c: { connectedAt: number }) => Math.ceil(c.connectedAt / 1000) + connectionLifetimeSeconds },
};

/** A WebSocket connection, under its id. */
export const connectionEntity = defineEntity<ConnectionRecord>({
  type: 'Connection',
  schema: connectionSchema,
  pk: { uses: ['connectionId'], build: (c) => keys.wsConnection(c.connectionId) },
  sk: { uses: [], build: () => MAIN_SK },
  derived: expiry,
});

/** An authenticated connection listed under its user (`USER#<id>` / `WSCONN#<id>`), what publishing reads. */
export const userConnectionEntity = defineEntity<ConnectionRecord & { userId: string }>({
  type: 'UserConnection',
  schema: connectionSchema.extend({ userId: z.string() }),
  sortKeyPrefix: 'WSCONN#',
  pk: ownerPk,
  sk: { uses: ['connectionId'], build: (c) => keys.wsConnection(c.connectionId) },
  derived: expiry,
  owner: 'user',
});

const ticketSchema = z.object({ ticketHash: z.string(), userId: z.string(), sessionHash: z.string(), validUntil: z.number() });

/** A one-use WebSocket ticket, by its hash. */
export const ticketEntity = defineEntity<z.infer<typeof ticketSchema>>({
  type: 'WsTicket',
  schema: ticketSchema,
  pk: { uses: ['ticketHash'], build: (t) => keys.wsTicket(t.ticketHash) },
  sk: { uses: [], build: () => 'TICKET' },
  derived: { expiresAt: { uses: ['validUntil'], build: (t) => Math.ceil(t.validUntil / 1000) } },
});

/**
 * A connection is one item under its id; once authenticated it is also listed under its user
 * (`USER#<id>` / `WSCONN#<connectionId>`), which is what publishing reads.
 */
export class DynamoConnectionStore implements ConnectionStore {
  constructor(private readonly table: TableRef) {}

  async add(connectionId: string, connectedAt: number): Promise<void> {
    await connectionEntity.put(this.table, { connectionId, types: [], connectedAt });
  }

  async get(connectionId: string): Promise<ConnectionRecord | undefined> {
    return connectionEntity.get(this.table, { connectionId }, { consistent: true });
  }

  /** Both items of an authenticated connection, put together. */
  private putBoth(record: ConnectionRecord & { userId: string }) {
    return transactWrite(this.table, [connectionEntity.putItem(this.table, record), userConnectionEntity.putItem(this.table, record)]);
  }

  async bindUser(connectionId: string, userId: string, sessionHash: string): Promise<void> {
    const current = await this.get(connectionId);
    if (!current) return;
    if (current.userId && current.userId !== userId) {
      await userConnectionEntity.delete(this.table, { userId: current.userId, connectionId });
    }
    await this.putBoth({ ...current, userId, sessionHash, types: current.userId === userId ? current.types : [] });
  }

  async setTypes(connection: ConnectionRecord, types: string[]): Promise<void> {
    if (!connection.userId) return;
    await this.putBoth({ ...connection, userId: connection.userId, types });
  }

  async remove(connectionId: string): Promise<void> {
    const current = await this.get(connectionId);
    await connectionEntity.delete(this.table, { connectionId });
    if (current?.userId) await userConnectionEntity.delete(this.table, { userId: current.userId, connectionId });
  }

  async listForUser(userId: string): Promise<ConnectionRecord[]> {
    return userConnectionEntity.all(this.table, 'partition', { userId });
  }
}

export class DynamoTicketStore implements TicketStore {
  constructor(private readonly table: TableRef) {}

  async issue(ticketHash: string, owner: TicketOwner, expiresAt: number): Promise<void> {
    await ticketEntity.put(this.table, { ticketHash, userId: owner.userId, sessionHash: owner.sessionHash, validUntil: expiresAt });
  }

  async redeem(ticketHash: string, now: number): Promise<TicketOwner | undefined> {
    // A ticket already redeemed (or never issued) is gone: nothing to redeem.
    const deleted = await ifConditionFails(
      ticketEntity.delete(this.table, { ticketHash }, { condition: where.itemExists(), returns: 'ALL_OLD' }),
      () => undefined,
    );
    if (!deleted) return undefined;
    const ticket = ticketSchema.safeParse({ ticketHash, ...deleted });
    return ticket.success && ticket.data.validUntil > now ? { userId: ticket.data.userId, sessionHash: ticket.data.sessionHash } : undefined;
  }
}
