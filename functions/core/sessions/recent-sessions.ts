import type { SessionStore } from '../ports/session-store';
import type { Session } from './session';

export interface RecentSessionsOptions {
  /** How long a read session is trusted without reading it again; 0 turns the memory off. */
  ttlMs: number;
  /** At most this many sessions are remembered; the oldest reads go first. */
  maxEntries?: number;
  clock?: () => number;
}

interface Remembered {
  session: Session;
  readAt: number;
}

/**
 * The sessions this process read in the last `ttlMs` (1 s by default), so the several calls a page makes
 * at once, or a user's quick succession of calls, cost one session read instead of one each. Shared by
 * every area in one process: in the local stack a sign-out, a password reset or an account closure
 * anywhere is seen everywhere at once. Only sessions that exist are remembered (a guessed id always
 * reaches the store), and a read that overlapped a sign-out is not remembered at all.
 *
 * Across processes (one Lambda per area in the cloud) a session ended in one process may still be
 * honoured by another for at most `ttlMs`: the bound on how late a sign-out is seen everywhere.
 */
export class RecentSessions {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly clock: () => number;
  private readonly entries = new Map<string, Remembered>();
  /** Moves on every ending of a session; a read that saw it move does not remember what it read. */
  private generation = 0;

  constructor(options: RecentSessionsOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.clock = options.clock ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A copy of the session if it was read within `ttlMs`. */
  recall(idHash: string): Session | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (this.clock() - entry.readAt >= this.ttlMs) {
      this.entries.delete(idHash);
      return undefined;
    }
    return { ...entry.session };
  }

  /** The mark a read takes before it starts, to hand back to `remember`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps what a read found, unless a session ended while it was reading. */
  remember(session: Session, mark: number): void {
    if (this.ttlMs <= 0 || mark !== this.generation) return;
    this.entries.delete(session.idHash);
    this.entries.set(session.idHash, { session: { ...session }, readAt: this.clock() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Keeps a remembered session's last activity in step with the store. */
  touched(idHash: string, lastSeenAt: number): void {
    const entry = this.entries.get(idHash);
    if (entry) entry.session = { ...entry.session, lastSeenAt };
  }

  /** A session ended: forgotten, and any read under way is not remembered. */
  forget(idHash: string): void {
    this.generation += 1;
    this.entries.delete(idHash);
  }

  /** Every session of a user ended. */
  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [idHash, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(idHash);
  }
}

/** A session store that asks the store behind it only for sessions not read in the last moment. */
export class RememberingSessionStore implements SessionStore {
  constructor(
    private readonly store: SessionStore,
    private readonly recent: RecentSessions,
  ) {}

  async get(idHash: string): Promise<Session | undefined> {
    const recalled = this.recent.recall(idHash);
    if (recalled) return recalled;
    const mark = this.recent.mark();
    const session = await this.store.get(idHash);
    if (session) this.recent.remember(session, mark);
    return session;
  }

  async put(session: Session): Promise<void> {
    await this.store.put(session);
  }

  async touch(idHash: string, lastSeenAt: number): Promise<void> {
    await this.store.touch(idHash, lastSeenAt);
    this.recent.touched(idHash, lastSeenAt);
  }

  async delete(idHash: string): Promise<void> {
    // Before, so no call trusts it while it is being deleted; after, so no read that began meanwhile keeps it.
    this.recent.forget(idHash);
    try {
      await this.store.delete(idHash);
    } finally {
      this.recent.forget(idHash);
    }
  }

  async deleteAllForUser(userId: string): Promise<number> {
    this.recent.forgetUser(userId);
    try {
      return await this.store.deleteAllForUser(userId);
    } finally {
      this.recent.forgetUser(userId);
    }
  }
}
