import type { User } from '../users/user';

export interface UserRepository {
  /** Creates the user with unique username and email (one conditional transaction). */
  create(user: User): Promise<void>;
  /** Removes the user and the claims on its username and email. */
  remove(user: User): Promise<void>;
  get(userId: string): Promise<User | undefined>;
  findIdByEmail(email: string): Promise<string | undefined>;
  findIdByUsername(username: string): Promise<string | undefined>;
  update(userId: string, patch: Partial<Omit<User, 'id' | 'createdAt'>>): Promise<User>;
}

/** The identity provider (Cognito) keeps the credentials; users are known to it by our user id. */
export interface IdentityProvider {
  createUser(userId: string, email: string, password: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** True when the password is the user's; false for a wrong password or an unknown user. */
  checkPassword(userId: string, password: string): Promise<boolean>;
  /**
   * The same work as checking a wrong password of a real user, against a decoy identity no one can
   * sign in as: what a refused sign-in (unknown name, throttled attempt) does instead, to take as long.
   */
  checkDecoyPassword(password: string): Promise<void>;
  setPassword(userId: string, password: string): Promise<void>;
  markEmailVerified(userId: string, email: string): Promise<void>;
}

export type CodePurpose = 'verify-email' | 'reset-password';

export interface OneTimeCode {
  userId: string;
  purpose: CodePurpose;
  codeHash: string;
  linkHash: string;
  attempts: number;
  /** ms since epoch */
  validUntil: number;
  sentAt: number;
}

export interface OneTimeCodeStore {
  /** Replaces the user's code for that purpose (and so voids the previous code and link). */
  put(code: OneTimeCode): Promise<void>;
  get(userId: string, purpose: CodePurpose): Promise<OneTimeCode | undefined>;
  /** Counts a wrong try; answers the new count. */
  addAttempt(userId: string, purpose: CodePurpose): Promise<number>;
  /** Removes it if it is still the same code: true for exactly one caller (single use). */
  consume(code: OneTimeCode): Promise<boolean>;
  /** The user and purpose behind a link token's hash, if that link is the current one. */
  findByLink(linkHash: string): Promise<OneTimeCode | undefined>;
}

/**
 * One sign-in attempt: the client it comes from and the budget it spends: the account's whichever of its
 * names was given, or an unknown name's (`loginBudget` in core/accounts/login-throttle).
 */
export interface LoginAttempt {
  client: string;
  login: string;
}

export interface LoginAttemptCounts {
  /** Refused sign-ins of this pair in the current window before this attempt, and the last one's time (ms). */
  pairFailures: number;
  pairLastAt: number | undefined;
  /** Refused sign-ins from this client in the current window, this attempt included. */
  clientFailures: number;
}

/**
 * Counts sign-in attempts per (client, login name) pair and per client. Each attempt is counted as
 * refused when it arrives, atomically, before its password is checked (so parallel attempts cannot
 * slip past the limits); a success then gives its count back.
 */
export interface LoginThrottle {
  count(attempt: LoginAttempt, now: number): Promise<LoginAttemptCounts>;
  /** The attempt counted at `now` succeeded: the pair starts over and the client's window forgets it. */
  succeeded(attempt: LoginAttempt, now: number): Promise<void>;
  /** After a password reset: the counts of these budgets from every client. */
  forget(logins: string[]): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as `List-Unsubscribe` (where the recipient stops this kind of mail). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
