import type { Session } from '../sessions/session';

export interface SessionStore {
  get(idHash: string): Promise<Session | undefined>;
  put(session: Session): Promise<void>;
  touch(idHash: string, lastSeenAt: number): Promise<void>;
  delete(idHash: string): Promise<void>;
  deleteAllForUser(userId: string): Promise<number>;
}
