import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SessionService } from '../../functions/core/sessions/session-service';
import { isSessionAlive, type Session } from '../../functions/core/sessions/session';
import type { SessionStore } from '../../functions/core/ports/session-store';
import { DynamoSessionStore } from '../../functions/adapters/aws/dynamo/session-store';
import { spelledUpdate } from '../support/spelled';
import { createDocumentClient } from '../../functions/adapters/aws/dynamo/table';
import { hashSecret } from '../../functions/core/ids';

class MemorySessionStore implements SessionStore {
  readonly items = new Map<string, Session>();
  async get(idHash: string) {
    const found = this.items.get(idHash);
    return found ? { ...found } : undefined;
  }
  async put(session: Session) {
    this.items.set(session.idHash, { ...session });
  }
  async touch(idHash: string, lastSeenAt: number) {
    const found = this.items.get(idHash);
    if (found) found.lastSeenAt = lastSeenAt;
  }
  async delete(idHash: string) {
    this.items.delete(idHash);
  }
  async deleteAllForUser(userId: string) {
    let n = 0;
    for (const [key, value] of this.items) {
      if (value.userId === userId) {
        this.items.delete(key);
        n++;
      }
    }
    return n;
  }
}

const lifetimes = { idleMs: 60 * 60_000, absoluteMs: 24 * 60 * 60_000 };

describe('session lifetimes', () => {
  const session: Session = { idHash: 'h', userId: 'u', csrfHash: 't', createdAt: 0, lastSeenAt: 0, expiresAt: 0 };
  it('ends after the idle time and after the absolute time', () => {
    expect(isSessionAlive(session, lifetimes.idleMs - 1, lifetimes)).toBe(true);
    expect(isSessionAlive(session, lifetimes.idleMs, lifetimes)).toBe(false);
    expect(isSessionAlive({ ...session, lastSeenAt: lifetimes.absoluteMs - 1 }, lifetimes.absoluteMs, lifetimes)).toBe(false);
  });
});

describe('the session service', () => {
  let now = 1_000_000;
  let store: MemorySessionStore;
  let service: SessionService;
  beforeEach(() => {
    now = 1_000_000;
    store = new MemorySessionStore();
    service = new SessionService(store, lifetimes, () => now);
  });

  it('stores only the hashes of the id and of the CSRF token', async () => {
    const started = await service.start('u1', 'csrf-1');
    expect(store.items.has(hashSecret(started.id))).toBe(true);
    expect(JSON.stringify([...store.items.entries()])).not.toContain(started.id);
    expect(JSON.stringify([...store.items.entries()])).not.toContain('csrf-1');
    expect(service.isBoundTo(started, 'csrf-1')).toBe(true);
    expect(service.isBoundTo(started, 'csrf-2')).toBe(false);
  });

  it('starts a fresh id at sign-in and ends the previous one', async () => {
    const first = await service.start('u1', 'csrf');
    const second = await service.start('u1', 'csrf', first);
    expect(second.id).not.toBe(first.id);
    expect(await service.resolve(first.id)).toBeUndefined();
    expect((await service.resolve(second.id))?.session.userId).toBe('u1');
  });

  it('forgets an idle session and removes it', async () => {
    const started = await service.start('u1', 'csrf');
    now += lifetimes.idleMs;
    expect(await service.resolve(started.id)).toBeUndefined();
    expect(store.items.size).toBe(0);
  });

  it('keeps a session alive while it is used, until its absolute end', async () => {
    const started = await service.start('u1', 'csrf');
    for (let i = 0; i < 30; i++) {
      now += lifetimes.idleMs / 2;
      const alive = await service.resolve(started.id);
      if (now - 1_000_000 >= lifetimes.absoluteMs) expect(alive).toBeUndefined();
      else expect(alive).toBeDefined();
    }
  });

  it("ends all of a user's sessions", async () => {
    const a = await service.start('u1', 'c');
    const b = await service.start('u1', 'c');
    const c = await service.start('u2', 'c');
    expect(await service.endAllForUser('u1')).toBe(2);
    expect(await service.resolve(a.id)).toBeUndefined();
    expect(await service.resolve(b.id)).toBeUndefined();
    expect(await service.resolve(c.id)).toBeDefined();
  });

  it('ignores missing and absurd cookie values', async () => {
    expect(await service.resolve(undefined)).toBeUndefined();
    expect(await service.resolve('x'.repeat(500))).toBeUndefined();
  });
});

describe('the DynamoDB session store', () => {
  const documentClient = createDocumentClient({ region: 'us-east-1' });
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeEach(() => ddb.reset());

  it('keys sessions by hash and indexes signed-in ones under their user', async () => {
    ddb.on(PutCommand).resolves({});
    const store = new DynamoSessionStore({ client: documentClient, tableName: 'tbl' });
    await store.put({ idHash: 'abc', userId: 'u1', csrfHash: 't', createdAt: 1, lastSeenAt: 1, expiresAt: 9 });
    const input = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input?.Item).toMatchObject({ pk: 'SESSION#abc', sk: 'SESSION', gsi1pk: 'USER#u1', gsi1sk: 'SESSION#abc', expiresAt: 9 });
  });

  it('reads consistently and parses the record', async () => {
    ddb
      .on(GetCommand)
      .resolves({ Item: { pk: 'SESSION#abc', sk: 'SESSION', idHash: 'abc', userId: 'u1', csrfHash: 't', createdAt: 1, lastSeenAt: 2, expiresAt: 9 } });
    const store = new DynamoSessionStore({ client: documentClient, tableName: 'tbl' });
    expect(await store.get('abc')).toEqual({ idHash: 'abc', userId: 'u1', csrfHash: 't', createdAt: 1, lastSeenAt: 2, expiresAt: 9 });
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
  });

  it('does not recreate a session that was deleted while touching it', async () => {
    const failure = Object.assign(new Error('gone'), { name: 'ConditionalCheckFailedException' });
    ddb.on(UpdateCommand).rejects(failure);
    const store = new DynamoSessionStore({ client: documentClient, tableName: 'tbl' });
    await expect(store.touch('abc', 5)).resolves.toBeUndefined();
    expect(spelledUpdate(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).condition).toBe('attribute_exists(pk)');
  });
});
