import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { NotAuthenticatedError, ValidationError } from '../errors';
import { hashSecret, newId, newSecret } from '../ids';
import type { CodePurpose, IdentityProvider, LoginAttempt, LoginThrottle, Mailer, OneTimeCode, OneTimeCodeStore, UserRepository } from '../ports/accounts';
import type { PublicUser } from '../../contract/users';
import { newUser, normalizeEmail, toPublicUser, type User } from '../users/user';
import type { registerSchema } from '../../contract/auth';
import { EvenPace } from './even-pace';
import { accountBudget, clientKey, loginBudget, loginName, mayCheckPassword } from './login-throttle';
import { resetMail, verificationMail } from './mail-templates';

export const codeLifetimeMs = 10 * 60_000;
export const maxCodeAttempts = 5;
/** A second mail of the same kind within this time is not sent (the previous code still works). */
export const resendIntervalMs = 60_000;
/**
 * Forgot-password and resend-verification answer no sooner than the slowest of the latest 20 calls that
 * sent a mail (at least 100 ms, at most 3 s), so an address with an account answers in the same time
 * as one without.
 */
export const mailCallPace = { floorMs: 100, ceilingMs: 3_000, remember: 20 } as const;

export const messages = {
  invalidLogin: 'Invalid username or password',
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

/** A stored code the user can still enter: not expired and not voided by too many wrong tries. */
function stillWorks(code: OneTimeCode, now: number): boolean {
  return code.validUntil > now && code.attempts < maxCodeAttempts;
}

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Registration, sign-in checks, email verification and password recovery. */
export class AccountService {
  private readonly clock: () => number;
  private readonly mailPace = new EvenPace(mailCallPace);
  constructor(private readonly deps: AccountDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  async register(input: z.infer<typeof registerSchema>): Promise<{ email: string }> {
    const email = normalizeEmail(input.email);
    const user = { ...newUser({ id: newId(), username: input.username, email, now: new Date(this.clock()) }), name: input.name ?? null };
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

  /**
   * The user behind a username or email and password, for a sign-in from `clientAddress`. Every
   * refusal is the same 401, with the same work behind it: the name is looked up, then the
   * attempt is counted for its (client, budget) pair and its client whether or not the name exists (the
   * budget is the account's, whichever of its names was given; an unknown name's own
   * otherwise, with the same two steps), and a password is checked with the identity provider each
   * time, against the decoy identity when the name is unknown or the attempt is throttled. So a
   * throttled attempt never tries its password on the account (the right one is refused too, until the
   * pair's delay has passed), and no refusal tells who exists.
   */
  async authenticate(login: string, password: string, clientAddress: string): Promise<User> {
    const name = loginName(login);
    const now = this.clock();
    const userId = name.includes('@') ? await this.deps.users.findIdByEmail(name) : await this.deps.users.findIdByUsername(name);
    const attempt: LoginAttempt = { client: clientKey(clientAddress), login: loginBudget(name, userId) };
    const counts = await this.deps.throttle.count(attempt, now);
    if (!userId || !mayCheckPassword(counts, now)) {
      await this.deps.identity.checkDecoyPassword(password);
      throw new NotAuthenticatedError(messages.invalidLogin);
    }
    if (!(await this.deps.identity.checkPassword(userId, password))) throw new NotAuthenticatedError(messages.invalidLogin);
    await this.deps.throttle.succeeded(attempt, now);
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

  /**
   * Mails a new code and link (voiding the previous ones), unless one that still works was sent under a
   * minute ago; answers whether it did. A code voided by too many wrong tries holds nothing back: its
   * answer tells the user to request a new one, so that request must send one.
   */
  private async sendCode(user: User, purpose: CodePurpose, options: { force?: boolean } = {}): Promise<boolean> {
    const now = this.clock();
    if (!options.force) {
      const previous = await this.deps.codes.get(user.id, purpose);
      if (previous && stillWorks(previous, now) && now - previous.sentAt < resendIntervalMs) return false;
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
    return true;
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

  /** Same answer, in the same time (mailCallPace), whether or not the address has an unverified account. */
  async resendVerification(email: string): Promise<void> {
    await this.mailPace.run(async () => {
      const user = await this.userByEmail(email);
      return user && !user.emailVerified ? this.sendCode(user, 'verify-email') : false;
    });
  }

  /** Same answer, in the same time (mailCallPace), whether or not the address has an account. */
  async forgotPassword(email: string): Promise<void> {
    await this.mailPace.run(async () => {
      const user = await this.userByEmail(email);
      return user ? this.sendCode(user, 'reset-password') : false;
    });
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
    // The new password works at once, also from a client that was being delayed.
    await this.deps.throttle.forget([accountBudget(user.id)]);
    // Opening the mail proved the address, so a reset also verifies it.
    await this.markVerified(user);
  }
}
