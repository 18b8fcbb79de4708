import { z } from 'zod';

/**
 * The API's own session, made at sign-in. The browser holds only the random id
 * in an HttpOnly cookie; the store keeps its hash, and the hash of the CSRF token it was signed in
 * with, so a token is bound to the session.
 */
export const sessionSchema = z.object({
  idHash: z.string().min(1),
  userId: z.string().min(1),
  csrfHash: z.string().min(1),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** Absolute end of life, epoch seconds; the store's TTL removes it afterwards. */
  expiresAt: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export function isSessionAlive(session: Session, now: number, lifetimes: SessionLifetimes): boolean {
  if (now - session.createdAt >= lifetimes.absoluteMs) return false;
  if (now - session.lastSeenAt >= lifetimes.idleMs) return false;
  return true;
}

/** Writing lastSeenAt on every request would double the cost of a read; once a minute is enough. */
export const touchIntervalMs = 60_000;

export function needsTouch(session: Session, now: number): boolean {
  return now - session.lastSeenAt >= touchIntervalMs;
}
