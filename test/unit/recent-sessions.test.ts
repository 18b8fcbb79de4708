import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../../functions/core/ports/session-store';
import { RecentSessions, RememberingSessionStore } from '../../functions/core/sessions/recent-sessions';
import type { Session } from '../../functions/core/sessions/session';
import { SessionService } from '../../functions/core/sessions/session-service';

/** A store that counts its reads and can hold a read open until told to answer. */
class CountingStore implements SessionStore {
  readonly items = new Map<string, Session>();
  reads = 0;
  private held: (() => void)[] = [];
  holdReads = false;

  async get(idHash: string): Promise<Session | undefined> {
    this.reads += 1;
    const found = this.items.get(idHash);
    const answer = found ? { ...found } : undefined;
    if (this.holdReads) await new Promise<void>((resolve) => this.held.push(resolve));
    return answer;
  }
  async put(session: Session): Promise<void> {
    this.items.set(session.idHash, { ...session });
  }
  async touch(idHash: string, lastSeenAt: number): Promise<void> {
    const found = this.items.get(idHash);
    if (found) found.lastSeenAt = lastSeenAt;
  }
  async delete(idHash: string): Promise<void> {
    this.items.delete(idHash);
  }
  async deleteAllForUser(userId: string): Promise<number> {
    let ended = 0;
    for (const [idHash, session] of this.items)
      if (session.userId === userId) {
        this.items.delete(idHash);
        ended += 1;
      }
    return ended;
  }
  releaseReads(): void {
    for (const release of this.held.splice(0)) release();
  }
}

const session = (idHash: string, userId = 'u1'): Session => ({ idHash, userId, csrfHash: 'c', createdAt: 0, lastSeenAt: 0, expiresAt: 9e9 });

describe('sessions read in the last moment', () => {
  let now: number;
  let store: CountingStore;
  let recent: RecentSessions;
  let remembering: RememberingSessionStore;
  beforeEach(() => {
    now = 1_000;
    store = new CountingStore();
    recent = new RecentSessions({ ttlMs: 1000, clock: () => now });
    remembering = new RememberingSessionStore(store, recent);
  });

  it('reads a session once for the calls of the next second, then again', async () => {
    await store.put(session('a'));
    for (let i = 0; i < 5; i++) expect((await remembering.get('a'))?.userId).toBe('u1');
    expect(store.reads).toBe(1);
    now += 999;
    await remembering.get('a');
    expect(store.reads).toBe(1);
    now += 1;
    await remembering.get('a');
    expect(store.reads).toBe(2);
  });

  it('hands out copies: a caller changing its session does not change the remembered one', async () => {
    await store.put(session('a'));
    const first = await remembering.get('a');
    if (first) first.userId = 'someone else';
    expect((await remembering.get('a'))?.userId).toBe('u1');
  });

  it('never remembers an id that is not there, so a session made a moment later is found', async () => {
    expect(await remembering.get('b')).toBeUndefined();
    await remembering.put(session('b'));
    expect((await remembering.get('b'))?.idHash).toBe('b');
    expect(store.reads).toBe(2);
  });

  it('forgets a session as it is deleted (sign-out), so the next call reads the store and finds nothing', async () => {
    await store.put(session('a'));
    await remembering.get('a');
    await remembering.delete('a');
    expect(await remembering.get('a')).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it("forgets every session of a user when all of them end, and only that user's", async () => {
    await store.put(session('a', 'u1'));
    await store.put(session('b', 'u1'));
    await store.put(session('c', 'u2'));
    for (const id of ['a', 'b', 'c']) await remembering.get(id);
    expect(await remembering.deleteAllForUser('u1')).toBe(2);
    expect(await remembering.get('a')).toBeUndefined();
    expect(await remembering.get('b')).toBeUndefined();
    expect((await remembering.get('c'))?.userId).toBe('u2');
    expect(store.reads).toBe(5);
  });

  it('does not remember a read that was under way while the session was deleted', async () => {
    await store.put(session('a'));
    store.holdReads = true;
    const reading = remembering.get('a');
    await Promise.resolve();
    await remembering.delete('a');
    store.releaseReads();
    // The read began before the sign-out and may answer with what it found, but it is not kept.
    await reading;
    store.holdReads = false;
    expect(await remembering.get('a')).toBeUndefined();
  });

  it('keeps the last activity in step when a session is touched', async () => {
    await store.put(session('a'));
    await remembering.get('a');
    await remembering.touch('a', 500);
    expect((await remembering.get('a'))?.lastSeenAt).toBe(500);
    expect(store.reads).toBe(1);
  });

  it('remembers at most maxEntries sessions, dropping the oldest reads', async () => {
    const small = new RecentSessions({ ttlMs: 1000, maxEntries: 2, clock: () => now });
    const bounded = new RememberingSessionStore(store, small);
    for (const id of ['a', 'b', 'c']) await store.put(session(id));
    for (const id of ['a', 'b', 'c']) await bounded.get(id);
    expect(small.size).toBe(2);
    expect(small.recall('a')).toBeUndefined();
    expect(small.recall('c')?.idHash).toBe('c');
  });

  it('reads the store on every call when turned off (0 ms)', async () => {
    const off = new RememberingSessionStore(store, new RecentSessions({ ttlMs: 0, clock: () => now }));
    await store.put(session('a'));
    await off.get('a');
    await off.get('a');
    expect(store.reads).toBe(2);
  });

  it('under the session service: a signed-out id is refused at once, an idle one still ends', async () => {
    const service = new SessionService(remembering, { idleMs: 60_000, absoluteMs: 3_600_000 }, () => now);
    const started = await service.start('u1', 'csrf');
    expect(await service.resolve(started.id)).toBeDefined();
    await service.end(started);
    expect(await service.resolve(started.id)).toBeUndefined();

    const idle = await service.start('u1', 'csrf');
    expect(await service.resolve(idle.id)).toBeDefined();
    now += 60_000;
    expect(await service.resolve(idle.id)).toBeUndefined();
  });
});
