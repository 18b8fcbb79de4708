import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { NotAuthenticatedError, RateLimitedError, ValidationError } from '../errors';
import { hashSecret, newId, newSecret } from '../ids';
import type { CodePurpose, IdentityProvider, LoginThrottle, Mailer, OneTimeCode, OneTimeCodeStore, UserRepository } from '../ports/accounts';
import { newUser, normalizeEmail, toPublicUser, type PublicUser, type User } from '../users/user';
import type { registerSchema } from './schemas';
import { resetMail, verificationMail } from './mail-templates';

export const codeLifetimeMs = 10 * 60_000;
export const maxCodeAttempts = 5;
/** A second mail of the same kind within this time is not sent (the previous code still works). */
export const resendIntervalMs = 60_000;
export const loginLockMs = 15 * 60_000;

export const messages = {
  invalidLogin: 'Invalid username or password',
  locked: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  invalidVerificationCode: 'Invalid or expired verification code',
  invalidVerificationLink: 'Invalid or expired verification link',
  invalidResetCode: 'Invalid or expired code',
  invalidResetLink: 'Invalid or expired reset link',
  tooManyAttempts: 'Too many attempts. Request a new code.',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
} as const;

export interface AccountDeps {
  users: UserRepository;
  identity: IdentityProvider;
  codes: OneTimeCodeStore;
  throttle: LoginThrottle;
  mailer: Mailer;
  appOrigin: () => Promise<string>;
  clock?: () => number;
}

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Registration, sign-in checks, email verification and password recovery (spec 000 §4, 001 §4). */
export class AccountService {
  private readonly clock: () => number;
  constructor(private readonly deps: AccountDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  async register(input: z.infer<typeof registerSchema>): Promise<{ email: string }> {
    const email = normalizeEmail(input.email);
    const user = newUser({ id: newId(), username: input.username, email, now: new Date(this.clock()) });
    await this.deps.users.create(user);
    try {
      await this.deps.identity.createUser(user.id, email, input.password);
    } catch (error) {
      // Leave nothing half-made: the profile and its unique names go with the failed identity.
      await this.deps.users.remove(user).catch(() => undefined);
      throw error;
    }
    await this.sendCode(user, 'verify-email', { force: true });
    return { email };
  }

  /** The user behind a username or email and password; counts failures and locks after five. */
  async authenticate(login: string, password: string): Promise<User> {
    const userId = login.includes('@')
      ? await this.deps.users.findIdByEmail(normalizeEmail(login))
      : await this.deps.users.findIdByUsername(login);
    if (!userId) throw new NotAuthenticatedError(messages.invalidLogin);
    const now = this.clock();
    const locked = await this.deps.throttle.lockedUntil(userId, now);
    if (locked) throw new RateLimitedError(messages.locked);
    const ok = await this.deps.identity.checkPassword(userId, password);
    if (!ok) {
      await this.deps.throttle.recordFailure(userId, now);
      throw new NotAuthenticatedError(messages.invalidLogin);
    }
    await this.deps.throttle.clear(userId);
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError(messages.invalidLogin);
    return user;
  }

  async publicUser(userId: string): Promise<PublicUser | undefined> {
    const user = await this.deps.users.get(userId);
    return user ? toPublicUser(user) : undefined;
  }

  private async userByEmail(email: string): Promise<User | undefined> {
    const userId = await this.deps.users.findIdByEmail(normalizeEmail(email));
    return userId ? this.deps.users.get(userId) : undefined;
  }

  /** Mails a new code and link (voiding the previous ones), unless one was sent under a minute ago. */
  private async sendCode(user: User, purpose: CodePurpose, options: { force?: boolean } = {}): Promise<void> {
    const now = this.clock();
    if (!options.force) {
      const previous = await this.deps.codes.get(user.id, purpose);
      if (previous && now - previous.sentAt < resendIntervalMs && previous.validUntil > now) return;
    }
    const code = sixDigits();
    const token = newSecret(32);
    await this.deps.codes.put({
      userId: user.id,
      purpose,
      codeHash: hashSecret(code),
      linkHash: hashSecret(token),
      attempts: 0,
      validUntil: now + codeLifetimeMs,
      sentAt: now,
    });
    const origin = await this.deps.appOrigin();
    const minutes = codeLifetimeMs / 60_000;
    const mail =
      purpose === 'verify-email'
        ? verificationMail(user.email, code, `${origin}/verify-email?token=${token}`, minutes)
        : resetMail(user.email, code, `${origin}/reset-password-token?token=${token}`, minutes);
    await this.deps.mailer.send(mail);
  }

  /** Checks a code without using it up; wrong tries count, and five void it. */
  private async checkCode(user: User | undefined, purpose: CodePurpose, code: string, invalid: string): Promise<OneTimeCode> {
    if (!user) throw new ValidationError(invalid);
    const stored = await this.deps.codes.get(user.id, purpose);
    if (!stored || stored.validUntil <= this.clock()) throw new ValidationError(invalid);
    if (stored.attempts >= maxCodeAttempts) throw new ValidationError(messages.tooManyAttempts);
    if (stored.codeHash !== hashSecret(code)) {
      const attempts = await this.deps.codes.addAttempt(user.id, purpose);
      throw new ValidationError(attempts >= maxCodeAttempts ? messages.tooManyAttempts : invalid);
    }
    return stored;
  }

  private async markVerified(user: User): Promise<void> {
    if (user.emailVerified) return;
    await this.deps.identity.markEmailVerified(user.id, user.email);
    await this.deps.users.update(user.id, { emailVerified: true });
  }

  async verifyEmailCode(email: string, code: string): Promise<void> {
    const user = await this.userByEmail(email);
    if (user?.emailVerified) return;
    const stored = await this.checkCode(user, 'verify-email', code, messages.invalidVerificationCode);
    if (!user || !(await this.deps.codes.consume(stored))) throw new ValidationError(messages.invalidVerificationCode);
    await this.markVerified(user);
  }

  async verifyEmailLink(token: string | undefined): Promise<void> {
    const stored = token ? await this.deps.codes.findByLink(hashSecret(token)) : undefined;
    if (!stored || stored.purpose !== 'verify-email' || stored.validUntil <= this.clock()) throw new ValidationError(messages.invalidVerificationLink);
    const user = await this.deps.users.get(stored.userId);
    if (!user || !(await this.deps.codes.consume(stored))) throw new ValidationError(messages.invalidVerificationLink);
    await this.markVerified(user);
  }

  /** Same answer whether or not the address has an unverified account. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.userByEmail(email);
    if (user && !user.emailVerified) await this.sendCode(user, 'verify-email');
  }

  /** Same answer whether or not the address has an account. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.userByEmail(email);
    if (user) await this.sendCode(user, 'reset-password');
  }

  async verifyResetCode(email: string, code: string): Promise<void> {
    await this.checkCode(await this.userByEmail(email), 'reset-password', code, messages.invalidResetCode);
  }

  /** Sets the new password; answers the user whose sessions must now all end. */
  async resetWithCode(email: string, code: string, password: string): Promise<string> {
    const user = await this.userByEmail(email);
    const stored = await this.checkCode(user, 'reset-password', code, messages.invalidResetCode);
    if (!user || !(await this.deps.codes.consume(stored))) throw new ValidationError(messages.invalidResetCode);
    await this.finishReset(user, password);
    return user.id;
  }

  async resetWithLink(token: string | undefined, password: string): Promise<string> {
    const stored = token ? await this.deps.codes.findByLink(hashSecret(token)) : undefined;
    if (!stored || stored.purpose !== 'reset-password' || stored.validUntil <= this.clock()) throw new ValidationError(messages.invalidResetLink);
    const user = await this.deps.users.get(stored.userId);
    if (!user || !(await this.deps.codes.consume(stored))) throw new ValidationError(messages.invalidResetLink);
    await this.finishReset(user, password);
    return user.id;
  }

  private async finishReset(user: User, password: string): Promise<void> {
    await this.deps.identity.setPassword(user.id, password);
    await this.deps.throttle.clear(user.id);
    // Opening the mail proved the address, so a reset also verifies it.
    await this.markVerified(user);
  }
}

