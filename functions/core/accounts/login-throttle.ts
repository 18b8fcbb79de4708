import { isIP } from 'node:net';
import type { LoginAttemptCounts } from '../ports/accounts';

/**
 * Sign-in throttling (OWASP ASVS V2.2): counted per (client, budget) pair with growing
 * delays, and per client across budgets; never a lock of the account itself, so the owner signing
 * in from another client is not kept out. The budget is the account's (its username and its
 * email share one), or, for a name no account has, that name's (see `loginBudget`). Every refused
 * sign-in counts, whether its password was wrong, its name unknown or the attempt throttled (they
 * cannot be told apart from outside either).
 */
export const loginThrottlePolicy = {
  /** Refused sign-ins of one budget (an account, or an unknown name) from one client before any delay. */
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
 * The budget a sign-in attempt spends: the account's, whichever of its names was typed, so
 * guessing by username and then by email does not double the tries; a name no account has keeps a
 * budget of its own (the name as looked up). The two kinds are prefixed apart, so no typed name can
 * spend an account's budget.
 */
export function loginBudget(login: string, userId: string | undefined): string {
  return userId ? accountBudget(userId) : `name:${loginName(login)}`;
}

/** An account's sign-in budget (sign-in, the password asked again at closure, the reset that clears it). */
export function accountBudget(userId: string): string {
  return `account:${userId}`;
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
