import { describe, expect, it } from 'vitest';
import { AccountService, codeLifetimeMs, maxCodeAttempts, messages, resendIntervalMs } from '../../functions/core/accounts/account-service';
import { loginThrottlePolicy } from '../../functions/core/accounts/login-throttle';
import { MemoryIdentity, MemoryLoginThrottle, MemoryOneTimeCodes } from '../fakes/in-memory/accounts';
import { MemoryMailer } from '../fakes/in-memory/delivery';
import { MemoryUsers } from '../fakes/in-memory/users';

const start = Date.parse('2026-06-01T10:00:00Z');
const password = 'Correct-horse-9';

/** AccountService on in-memory ports: registration, sign-in throttling, codes and links. */
function accountsArea() {
  const users = new MemoryUsers();
  const identity = new MemoryIdentity();
  const codes = new MemoryOneTimeCodes();
  const throttle = new MemoryLoginThrottle();
  const mailer = new MemoryMailer();
  const clock = { now: start };
  const service = new AccountService({
    users,
    identity,
    codes,
    throttle,
    mailer,
    appOrigin: () => Promise.resolve('https://app.example'),
    clock: () => clock.now,
  });
  return { users, identity, codes, throttle, mailer, clock, service };
}

/** The code and the link's token of the latest mail. */
function lastMail(area: ReturnType<typeof accountsArea>) {
  const text = area.mailer.sent.at(-1)?.text ?? '';
  return { code: /code is (\d{6})/.exec(text)?.[1] ?? '', token: /token=([\w-]+)/.exec(text)?.[1] ?? '', count: area.mailer.sent.length };
}

async function registered(area: ReturnType<typeof accountsArea>, username = 'maria') {
  await area.service.register({ username, email: `${username}@Example.com`, password });
  const userId = (await area.users.findIdByUsername(username)) ?? '';
  return { userId, ...lastMail(area) };
}

describe('AccountService: registration', () => {
  it('makes the profile and the identity, and mails a code and a link to the normalised address', async () => {
    const area = accountsArea();
    const { userId, code, token } = await registered(area);
    expect(area.identity.passwords.get(userId)).toBe(password);
    expect(area.mailer.sent[0]?.to).toBe('maria@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(token.length).toBeGreaterThan(20);
  });

  it('refuses a username or an email already taken (409), whatever their case', async () => {
    const area = accountsArea();
    await registered(area);
    await expect(area.service.register({ username: 'MARIA', email: 'other@example.com', password })).rejects.toMatchObject({
      status: 409,
      message: messages.usernameTaken,
    });
    await expect(area.service.register({ username: 'other', email: 'MARIA@example.com', password })).rejects.toMatchObject({
      status: 409,
      message: messages.emailTaken,
    });
  });

  it('leaves nothing half-made when the identity provider refuses: the names are free again', async () => {
    const area = accountsArea();
    area.identity.createFailure = new Error('Cognito is down');
    await expect(area.service.register({ username: 'maria', email: 'maria@example.com', password })).rejects.toThrow('Cognito is down');
    expect(area.users.byId.size).toBe(0);
    expect(area.mailer.sent).toEqual([]);
    area.identity.createFailure = undefined;
    await expect(registered(area)).resolves.toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
  });
});

describe('AccountService: sign-in', () => {
  it('signs in by username or email in any case, and refuses a wrong password and an unknown name alike', async () => {
    const area = accountsArea();
    const { userId } = await registered(area);
    await expect(area.service.authenticate('Maria', password, '10.0.0.1')).resolves.toMatchObject({ id: userId });
    await expect(area.service.authenticate(' MARIA@example.com ', password, '10.0.0.1')).resolves.toMatchObject({ id: userId });
    await expect(area.service.authenticate('maria', 'wrong', '10.0.0.1')).rejects.toMatchObject({ status: 401, message: messages.invalidLogin });
    await expect(area.service.authenticate('nobody', password, '10.0.0.1')).rejects.toMatchObject({ status: 401, message: messages.invalidLogin });
    // The unknown name's password was checked against the decoy, with the same work as a real one.
    expect(area.identity.checks.at(-1)).toEqual({ userId: 'decoy', password });
  });

  it('holds back a client after five refusals of an account, by username and email together, even with the right password', async () => {
    const area = accountsArea();
    const { userId } = await registered(area);
    for (const login of ['maria', 'maria@example.com', 'maria', 'maria@example.com', 'maria']) {
      await expect(area.service.authenticate(login, 'wrong', '10.0.0.1')).rejects.toMatchObject({ status: 401 });
    }
    const checksBefore = area.identity.checks.filter((check) => check.userId === userId).length;
    await expect(area.service.authenticate('maria', password, '10.0.0.1')).rejects.toMatchObject({ status: 401 });
    // The throttled attempt never tried its password on the account.
    expect(area.identity.checks.filter((check) => check.userId === userId)).toHaveLength(checksBefore);
    // Another client is not kept out, and the delay passes.
    await expect(area.service.authenticate('maria', password, '10.0.0.2')).resolves.toMatchObject({ id: userId });
    area.clock.now += loginThrottlePolicy.firstDelayMs * 4;
    await expect(area.service.authenticate('maria', password, '10.0.0.1')).resolves.toMatchObject({ id: userId });
  });
});

describe('AccountService: email verification', () => {
  it('verifies with the mailed code once; a wrong code counts, and five void it even for the right code', async () => {
    const area = accountsArea();
    const { userId, code } = await registered(area);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < maxCodeAttempts; i++) {
      await expect(area.service.verifyEmailCode('maria@example.com', wrong)).rejects.toMatchObject({ status: 400, message: messages.invalidVerificationCode });
    }
    await expect(area.service.verifyEmailCode('maria@example.com', wrong)).rejects.toMatchObject({ message: messages.tooManyAttempts });
    await expect(area.service.verifyEmailCode('maria@example.com', code)).rejects.toMatchObject({ message: messages.tooManyAttempts });
    expect((await area.users.get(userId))?.emailVerified).toBe(false);
    // A voided code holds nothing back: a new one is sent at once, and it works.
    await area.service.resendVerification('maria@example.com');
    const fresh = lastMail(area);
    expect(fresh.count).toBe(2);
    await area.service.verifyEmailCode('maria@example.com', fresh.code);
    expect((await area.users.get(userId))?.emailVerified).toBe(true);
    expect(area.identity.verified.has(userId)).toBe(true);
  });

  it('refuses an expired code and a used or foreign link', async () => {
    const area = accountsArea();
    const { code, token } = await registered(area);
    area.clock.now += codeLifetimeMs;
    await expect(area.service.verifyEmailCode('maria@example.com', code)).rejects.toMatchObject({ message: messages.invalidVerificationCode });
    await expect(area.service.verifyEmailLink(token)).rejects.toMatchObject({ message: messages.invalidVerificationLink });
    area.clock.now = start + codeLifetimeMs + resendIntervalMs;
    await area.service.resendVerification('maria@example.com');
    const { token: fresh } = lastMail(area);
    await area.service.verifyEmailLink(fresh);
    await expect(area.service.verifyEmailLink(fresh)).rejects.toMatchObject({ message: messages.invalidVerificationLink });
    await expect(area.service.resetWithLink(fresh, 'New-password-1')).rejects.toMatchObject({ message: messages.invalidResetLink });
  });

  it('sends no second mail within a minute while the first code still works', async () => {
    const area = accountsArea();
    await registered(area);
    await area.service.resendVerification('maria@example.com');
    expect(area.mailer.sent).toHaveLength(1);
    area.clock.now += resendIntervalMs;
    await area.service.resendVerification('maria@example.com');
    expect(area.mailer.sent).toHaveLength(2);
  });
});

describe('AccountService: password recovery', () => {
  it('answers an unknown address like a known one, mailing nothing', async () => {
    const area = accountsArea();
    await expect(area.service.forgotPassword('nobody@example.com')).resolves.toBeUndefined();
    expect(area.mailer.sent).toEqual([]);
  });

  it('resets with the mailed code once, verifying the address and clearing the sign-in delay', async () => {
    const area = accountsArea();
    const { userId } = await registered(area);
    for (let i = 0; i < 6; i++) await area.service.authenticate('maria', 'wrong', '10.0.0.1').catch(() => undefined);
    await area.service.forgotPassword('Maria@Example.com');
    const { code } = lastMail(area);
    await area.service.verifyResetCode('maria@example.com', code);
    await expect(area.service.resetWithCode('maria@example.com', code, 'New-password-1')).resolves.toBe(userId);
    expect(area.identity.passwords.get(userId)).toBe('New-password-1');
    expect((await area.users.get(userId))?.emailVerified).toBe(true);
    await expect(area.service.authenticate('maria', 'New-password-1', '10.0.0.1')).resolves.toMatchObject({ id: userId });
    await expect(area.service.resetWithCode('maria@example.com', code, 'Another-pass-2')).rejects.toMatchObject({
      status: 400,
      message: messages.invalidResetCode,
    });
  });
});
