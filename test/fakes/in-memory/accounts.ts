import type {
  CodePurpose,
  IdentityProvider,
  LoginAttempt,
  LoginAttemptCounts,
  LoginThrottle,
  OneTimeCode,
  OneTimeCodeStore,
} from '../../../functions/core/ports/accounts';
import { loginThrottlePolicy } from '../../../functions/core/accounts/login-throttle';

/** The identity provider's users and passwords; every password check is recorded, the decoy's too. */
export class MemoryIdentity implements IdentityProvider {
  readonly passwords = new Map<string, string>();
  readonly verified = new Set<string>();
  readonly checks: { userId: string | 'decoy'; password: string }[] = [];
  /** Set to make the next createUser fail (the provider refuses). */
  createFailure: Error | undefined;

  createUser(userId: string, _email: string, password: string): Promise<void> {
    if (this.createFailure) return Promise.reject(this.createFailure);
    this.passwords.set(userId, password);
    return Promise.resolve();
  }

  deleteUser(userId: string): Promise<void> {
    this.passwords.delete(userId);
    return Promise.resolve();
  }

  checkPassword(userId: string, password: string): Promise<boolean> {
    this.checks.push({ userId, password });
    return Promise.resolve(this.passwords.get(userId) === password);
  }

  checkDecoyPassword(password: string): Promise<void> {
    this.checks.push({ userId: 'decoy', password });
    return Promise.resolve();
  }

  setPassword(userId: string, password: string): Promise<void> {
    this.passwords.set(userId, password);
    return Promise.resolve();
  }

  markEmailVerified(userId: string): Promise<void> {
    this.verified.add(userId);
    return Promise.resolve();
  }
}

/** One code per (user, purpose); consumed once, only while it is still the same code and link. */
export class MemoryOneTimeCodes implements OneTimeCodeStore {
  readonly codes = new Map<string, OneTimeCode>();

  put(code: OneTimeCode): Promise<void> {
    this.codes.set(`${code.userId}#${code.purpose}`, { ...code });
    return Promise.resolve();
  }

  get(userId: string, purpose: CodePurpose): Promise<OneTimeCode | undefined> {
    const code = this.codes.get(`${userId}#${purpose}`);
    return Promise.resolve(code ? { ...code } : undefined);
  }

  addAttempt(userId: string, purpose: CodePurpose): Promise<number> {
    const code = this.codes.get(`${userId}#${purpose}`);
    if (!code) return Promise.resolve(Number.MAX_SAFE_INTEGER);
    code.attempts += 1;
    return Promise.resolve(code.attempts);
  }

  consume(code: OneTimeCode): Promise<boolean> {
    const key = `${code.userId}#${code.purpose}`;
    const stored = this.codes.get(key);
    if (stored?.codeHash !== code.codeHash || stored.linkHash !== code.linkHash) return Promise.resolve(false);
    this.codes.delete(key);
    return Promise.resolve(true);
  }

  findByLink(linkHash: string): Promise<OneTimeCode | undefined> {
    return Promise.resolve([...this.codes.values()].find((code) => code.linkHash === linkHash));
  }
}

/**
 * Sign-in counts as the table keeps them: per (budget, client) and per client, each in its window; a count
 * answers the pair's state before this attempt and the client's with it; a success forgets the pair and
 * gives the client's count back; a reset forgets a budget from every client.
 */
export class MemoryLoginThrottle implements LoginThrottle {
  readonly pairs = new Map<string, { failures: number; lastAt: number }>();
  readonly clients = new Map<string, number>();

  private pairKey(attempt: LoginAttempt, now: number): string {
    return `${attempt.login}|${attempt.client}|${Math.floor(now / loginThrottlePolicy.pairWindowMs)}`;
  }

  private clientKey(client: string, now: number): string {
    return `${client}|${Math.floor(now / loginThrottlePolicy.clientWindowMs)}`;
  }

  count(attempt: LoginAttempt, now: number): Promise<LoginAttemptCounts> {
    const pairKey = this.pairKey(attempt, now);
    const before = this.pairs.get(pairKey);
    this.pairs.set(pairKey, { failures: (before?.failures ?? 0) + 1, lastAt: now });
    const clientKey = this.clientKey(attempt.client, now);
    const clientFailures = (this.clients.get(clientKey) ?? 0) + 1;
    this.clients.set(clientKey, clientFailures);
    return Promise.resolve({ pairFailures: before?.failures ?? 0, pairLastAt: before?.lastAt, clientFailures });
  }

  succeeded(attempt: LoginAttempt, now: number): Promise<void> {
    this.pairs.delete(this.pairKey(attempt, now));
    const clientKey = this.clientKey(attempt.client, now);
    this.clients.set(clientKey, (this.clients.get(clientKey) ?? 0) - 1);
    return Promise.resolve();
  }

  forget(logins: string[]): Promise<void> {
    for (const key of [...this.pairs.keys()]) if (logins.some((login) => key.startsWith(`${login}|`))) this.pairs.delete(key);
    return Promise.resolve();
  }
}
