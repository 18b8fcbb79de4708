import { isIP } from 'node:net';
import type { LoginAttemptCounts } from '../ports/accounts';

/**
 * Sign-in throttling (issue 10; OWASP ASVS V2.2): counted per (client, login name) pair with growing
 * delays, and per client across login names; never a lock of the account itself, so the owner signing
 * in from another client is not kept out. Every refused sign-in counts, whether its password was
 * wrong, its name unknown or the attempt throttled (they cannot be told apart from outside either).
 */
export const loginThrottlePolicy = {
  /** Refused sign-ins of one login name from one client before any delay. */
  freeFailures: 5,
  /** Then the pair must wait this long after its last refusal, doubling with each further one... */
  firstDelayMs: 1_000,
  /** ...up to this (reached after 15 refusals in a row). */
  maxDelayMs: 15 * 60_000,
  /** A pair's count is kept per window of this length (UTC days), then starts again from nothing. */
  pairWindowMs: 24 * 60 * 60_000,
  /** Refused sign-ins from one client, whatever the login names, per window. */
  clientMaxFailures: 50,
  clientWindowMs: 15 * 60_000,
} as const;

/** How long a pair with `failures` refusals waits after its last one before its next attempt is checked. */
export function delayAfter(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = loginThrottlePolicy;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures, 30));
}

/** Whether this attempt may have its password checked, from the counts taken when it arrived. */
export function mayCheckPassword(counts: LoginAttemptCounts, now: number): boolean {
  if (counts.clientFailures > loginThrottlePolicy.clientMaxFailures) return false;
  if (counts.pairLastAt === undefined) return true;
  return now - counts.pairLastAt >= delayAfter(counts.pairFailures);
}

/** A username or an email, as sign-in looks them up (both are matched lower-cased). */
export function loginName(login: string): string {
  return login.trim().toLowerCase();
}

/**
 * The client part of the key: an IPv4 address as it is (also when IPv4-mapped), an IPv6 address by
 * its /64, the block one subscriber usually holds (else each address of it would be a new client).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
