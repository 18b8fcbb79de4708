import { hashSecret, newSecret } from '../ids';
import type { SessionStore } from '../ports/session-store';
import { isSessionAlive, needsTouch, type Session, type SessionLifetimes } from './session';

export interface ResolvedSession {
  /** The raw id as the cookie carries it. */
  id: string;
  session: Session;
}

export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly lifetimes: SessionLifetimes,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Sign-in: a fresh id bound to the user and to the browser's CSRF token; the previous session,
   * if any, is ended, so a planted or stolen old id is worthless.
   */
  async start(userId: string, csrfToken: string, previous?: ResolvedSession): Promise<ResolvedSession> {
    const id = newSecret(32);
    const now = this.clock();
    const session: Session = {
      idHash: hashSecret(id),
      userId,
      csrfHash: hashSecret(csrfToken),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: Math.floor((now + this.lifetimes.absoluteMs) / 1000),
    };
    await this.store.put(session);
    if (previous) await this.store.delete(previous.session.idHash);
    return { id, session };
  }

  /** The live session behind a cookie value, or undefined; expired ones are removed. */
  async resolve(rawId: string | undefined): Promise<ResolvedSession | undefined> {
    if (!rawId || rawId.length > 128) return undefined;
    const idHash = hashSecret(rawId);
    const session = await this.store.get(idHash);
    if (!session) return undefined;
    const now = this.clock();
    if (!isSessionAlive(session, now, this.lifetimes)) {
      await this.store.delete(idHash);
      return undefined;
    }
    if (needsTouch(session, now)) {
      await this.store.touch(idHash, now);
      session.lastSeenAt = now;
    }
    return { id: rawId, session };
  }

  /** Whether the session behind a stored hash is still signed in (no touch: a socket is not activity). */
  async isLive(idHash: string): Promise<boolean> {
    const session = await this.store.get(idHash);
    return session !== undefined && isSessionAlive(session, this.clock(), this.lifetimes);
  }

  /** Whether a presented CSRF token is the one this session was signed in with. */
  isBoundTo(session: ResolvedSession, csrfToken: string): boolean {
    return session.session.csrfHash === hashSecret(csrfToken);
  }

  async end(session: ResolvedSession): Promise<void> {
    await this.store.delete(session.session.idHash);
  }

  async endAllForUser(userId: string): Promise<number> {
    return this.store.deleteAllForUser(userId);
  }
}

/** A fresh CSRF token for a browser that has none. */
export function newCsrfToken(): string {
  return newSecret(32);
}
