import { z } from 'zod';

/**
 * The API's own session (DESIGN decision 4). The browser holds only the random id in an HttpOnly
 * cookie; the store keeps its hash. Anonymous sessions exist so that sign-in and registration can
 * carry a CSRF token too; signing in rotates the id and binds the user.
 */
export const sessionSchema = z.object({
  idHash: z.string().min(1),
  userId: z.string().min(1).optional(),
  csrfToken: z.string().min(1),
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
