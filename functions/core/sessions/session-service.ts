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

  private build(userId: string | undefined, csrfToken: string): ResolvedSession {
    const id = newSecret(32);
    const now = this.clock();
    const session: Session = {
      idHash: hashSecret(id),
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: Math.ceil((now + this.lifetimes.absoluteMs) / 1000),
      ...(userId ? { userId } : {}),
    };
    return { id, session };
  }

  /** A new anonymous session, made when a visitor first asks for a CSRF token. */
  async startAnonymous(): Promise<ResolvedSession> {
    const created = this.build(undefined, newSecret(24));
    await this.store.put(created.session);
    return created;
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

  /**
   * Sign-in: a fresh id bound to the user (the old one is ended, so a planted id is worthless).
   * The CSRF token carries over: the browser keeps it in session storage across the reload.
   */
  async rotate(previous: ResolvedSession | undefined, userId: string): Promise<ResolvedSession> {
    const next = this.build(userId, previous?.session.csrfToken ?? newSecret(24));
    await this.store.put(next.session);
    if (previous) await this.store.delete(previous.session.idHash);
    return next;
  }

  async end(session: ResolvedSession): Promise<void> {
    await this.store.delete(session.session.idHash);
  }

  async endAllForUser(userId: string): Promise<number> {
    return this.store.deleteAllForUser(userId);
  }
}
