import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../../bin/local/stack';
import { services } from '../support/services';
import { clientFor, startTestStack } from './support/stack';
import { codeIn, countMails, latestMail, linkIn } from './support/mailbox';
import type { TestClient } from './support/http-client';
import { AddressedClient } from './support/addressed-client';

let stack: LocalStack;
let counter = 0;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

function fresh(prefix = 'user') {
  counter += 1;
  const username = `${prefix}${counter}_${Date.now() % 100000}`;
  return { username, email: `${username}@example.com`, password: 'correct horse 1' };
}

async function registered(prefix?: string) {
  const account = fresh(prefix);
  const client = clientFor(stack);
  const response = await client.post<{ email: string }>('/api/register', account);
  expect(response.status).toBe(201);
  return { ...account, client };
}

async function signedIn(prefix?: string): Promise<{ username: string; email: string; password: string; client: TestClient }> {
  const account = await registered(prefix);
  const login = await account.client.post('/api/login', { username: account.username, password: account.password });
  expect(login.status).toBe(200);
  return account;
}

/** Moves a stored code's expiry into the past, as ten minutes passing would. */
async function expireCode(email: string, purpose: 'verify-email' | 'reset-password') {
  const { users, table } = services();
  const userId = await users.findIdByEmail(email);
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: { pk: `USER#${userId}`, sk: `OTC#${purpose}` },
      UpdateExpression: 'SET validUntil = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1 },
    }),
  );
}

describe('registration', () => {
  it('creates the account with the documented defaults and mails a 6-digit code and a link', async () => {
    const account = fresh();
    const client = clientFor(stack);
    const response = await client.post<{ message: string; email: string }>('/api/register', { ...account, email: account.email.toUpperCase() });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Registration successful', email: account.email });
    const mail = await latestMail(stack.url, account.email);
    expect(mail.subject).toBe('Verify your Reelsmith email');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(linkIn(mail).pathname).toBe('/verify-email');

    await client.post('/api/login', { username: account.username, password: account.password });
    const user = await client.get<Record<string, unknown>>('/api/user');
    expect(user.body).toMatchObject({
      username: account.username,
      email: account.email,
      name: null,
      subscriptionTier: 'free',
      subscriptionStatus: 'inactive',
      emailVerified: false,
      voiceCloned: false,
      weeklyEmailEnabled: false,
      weeklyEmailDay: 'monday',
      weeklyEmailTime: '9:00 AM',
      weeklyEmailScriptCount: 5,
      scriptTokensUsed: 0,
      audioMinutesUsed: 0,
      videoMinutesGenerated: 0,
      logoSettings: { position: 'bottom-right', size: 'medium', opacity: 0.8, enabled: false },
    });
    expect(user.body).not.toHaveProperty('stripeCustomerId');
    expect(JSON.stringify(user.body)).not.toContain(account.password);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ password: '12345' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(101) }, 'Password is too long'],
    [{ username: '../etc' }, 'Username can only contain letters, numbers, dots, dashes and underscores'],
  ])('refuses %o with "%s"', async (change, message) => {
    const response = await clientFor(stack).post<{ message: string }>('/api/register', { ...fresh(), ...change });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('keeps usernames and emails unique, emails case-insensitively, and leaves nothing half-made', async () => {
    const first = await registered();
    const sameName = await clientFor(stack).post<{ message: string }>('/api/register', { ...fresh(), username: first.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('Username is already taken');
    const sameEmail = await clientFor(stack).post<{ message: string }>('/api/register', { ...fresh(), email: first.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('An account with this email already exists');
  });

  it('lets only one of two simultaneous registrations of a name win', async () => {
    const account = fresh('race');
    const results = await Promise.all([0, 1, 2].map((i) => clientFor(stack).post('/api/register', { ...account, email: `race${i}_${account.email}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with username or email, rotating the session cookie', async () => {
    const account = await registered();
    const byEmail = clientFor(stack);
    const response = await byEmail.post<{ username: string }>('/api/login', { username: account.email.toUpperCase(), password: account.password });
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(account.username);
    expect(response.headers.getSetCookie().join()).toMatch(/rs_sid=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);

    const first = account.client;
    await first.post('/api/login', { username: account.username, password: account.password });
    const before = first.getCookie('rs_sid');
    await first.post('/api/login', { username: account.username, password: account.password });
    expect(first.getCookie('rs_sid')).not.toBe(before);
    const stale = clientFor(stack);
    stale.setCookie('rs_sid', before ?? '');
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('answers the documented messages for missing fields and wrong credentials', async () => {
    const client = clientFor(stack);
    expect((await client.post<{ message: string }>('/api/login', { username: '', password: 'x' })).body.message).toBe('Username is required');
    expect((await client.post<{ message: string }>('/api/login', { username: 'someone' })).body.message).toBe('Password is required');
    const unknown = await client.post<{ message: string }>('/api/login', { username: 'nobody-here', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid username or password');
  });

  it('delays sign-in from a client after five wrong passwords, even with the right one, answering as for any wrong password; other clients still sign in', async () => {
    const account = await registered('lock');
    // Five free failures, then three more make the pair's delay several seconds long.
    for (let i = 0; i < 8; i++) {
      const wrong = await account.client.post<{ message: string }>('/api/login', { username: account.username, password: `wrong-${i}-password` });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid username or password');
    }
    const delayed = await account.client.post<{ message: string }>('/api/login', { username: account.username, password: account.password });
    expect(delayed.status).toBe(401);
    expect(delayed.body.message).toBe('Invalid username or password');
    // Not a lock of the account: its owner, on another client, signs in.
    const elsewhere = new AddressedClient(stack.url, '127.0.0.2');
    expect((await elsewhere.post('/api/login', { username: account.username, password: account.password })).status).toBe(200);
  });

  it('ends the session at sign-out: the old cookie then answers 401', async () => {
    const account = await signedIn();
    const cookie = account.client.getCookie('rs_sid') ?? '';
    expect((await account.client.get('/api/user')).status).toBe(200);
    expect((await account.client.post('/api/logout')).status).toBe(200);
    const replay = clientFor(stack);
    replay.setCookie('rs_sid', cookie);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('refuses the old cookie at once on every area after sign-out, though each area read the session a moment before', async () => {
    const account = await signedIn();
    const cookie = account.client.getCookie('rs_sid') ?? '';
    // Each area has just read (and may remember for a second) the session.
    for (const path of ['/api/scripts', '/api/media', '/api/voices', '/api/automation-schedules', '/api/user'])
      expect((await account.client.get(path)).status).toBe(200);
    expect((await account.client.post('/api/logout')).status).toBe(200);
    const replay = clientFor(stack);
    replay.setCookie('rs_sid', cookie);
    for (const path of ['/api/scripts', '/api/media', '/api/voices', '/api/automation-schedules', '/api/user'])
      expect((await replay.get(path)).status).toBe(401);
  });

  it("refuses a signed-in call carrying another browser's CSRF token", async () => {
    const victim = await signedIn();
    const attacker = clientFor(stack);
    const attackerToken = await attacker.fetchCsrfToken();
    // Even if the attacker could plant its cookie, the session is bound to the victim's token.
    victim.client.setCookie('rs_csrf', attackerToken);
    const response = await victim.client.request('PATCH', '/api/user', { selectedVoice: 'x' }, { csrf: false, headers: { 'x-csrf-token': attackerToken } });
    expect(response.status).toBe(403);
  });

  it('changes the selected voice to a preset and refuses unknown fields', async () => {
    const account = await signedIn();
    const changed = await account.client.patch<{ selectedVoice: string }>('/api/user', { selectedVoice: '21m00Tcm4TlvDq8ikWAM' });
    expect(changed.status).toBe(200);
    expect(changed.body.selectedVoice).toBe('21m00Tcm4TlvDq8ikWAM');
    expect((await account.client.get<{ selectedVoice: string }>('/api/user')).body.selectedVoice).toBe('21m00Tcm4TlvDq8ikWAM');
    const sneaky = await account.client.patch('/api/user', { subscriptionTier: 'pro' });
    expect(sneaky.status).toBe(400);
    expect((await account.client.get<{ subscriptionTier: string }>('/api/user')).body.subscriptionTier).toBe('free');
  });
});

describe('email verification', () => {
  it('verifies with the mailed code; a verified account stays verified', async () => {
    const account = await registered();
    const code = codeIn(await latestMail(stack.url, account.email));
    const ok = await account.client.post<{ message: string }>('/api/verify-email-code', { email: account.email, code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Email verified successfully');
    await account.client.post('/api/login', { username: account.username, password: account.password });
    expect((await account.client.get<{ emailVerified: boolean }>('/api/user')).body.emailVerified).toBe(true);

    // The code was used up: a new registration's code check starts from a clean slate, and the
    // verified account stays verified whatever is sent again.
    const again = await account.client.post<{ message: string }>('/api/verify-email-code', { email: account.email, code: '000000' });
    expect(again.status).toBe(200);
    expect((await account.client.get<{ emailVerified: boolean }>('/api/user')).body.emailVerified).toBe(true);
  });

  it('refuses a wrong code, an expired code, and any code after five wrong tries', async () => {
    const account = await registered();
    const code = codeIn(await latestMail(stack.url, account.email));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await account.client.post<{ error: string }>('/api/verify-email-code', { email: account.email, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Invalid or expired verification code');
    const malformed = await account.client.post<{ error: string }>('/api/verify-email-code', { email: account.email, code: '12ab' });
    expect(malformed.body.error).toBe('Code must be 6 digits');

    for (let i = 0; i < 4; i++) await account.client.post('/api/verify-email-code', { email: account.email, code: wrongCode });
    const afterBruteForce = await account.client.post<{ error: string }>('/api/verify-email-code', { email: account.email, code });
    expect(afterBruteForce.status).toBe(400);
    expect(afterBruteForce.body.error).toBe('Too many attempts. Request a new code.');

    const second = await registered();
    const secondCode = codeIn(await latestMail(stack.url, second.email));
    await expireCode(second.email, 'verify-email');
    const expired = await second.client.post<{ error: string }>('/api/verify-email-code', { email: second.email, code: secondCode });
    expect(expired.body.error).toBe('Invalid or expired verification code');
  });

  it('verifies by the mailed link once', async () => {
    const account = await registered();
    const link = linkIn(await latestMail(stack.url, account.email));
    const token = link.searchParams.get('token') ?? '';
    const ok = await clientFor(stack).get<{ message: string }>(`/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Email verified successfully');
    const again = await clientFor(stack).get<{ error: string }>(`/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Invalid or expired verification link');
    expect((await clientFor(stack).get('/api/verify-email')).status).toBe(400);
  });

  it('resends a code that replaces the previous one, and answers the same for unknown addresses', async () => {
    const account = await registered();
    const oldCode = codeIn(await latestMail(stack.url, account.email));
    await expireCode(account.email, 'verify-email');
    const resend = await clientFor(stack).post<{ message: string }>('/api/resend-verification-code', { email: account.email });
    expect(resend.status).toBe(200);
    const unknown = await clientFor(stack).post<{ message: string }>('/api/resend-verification-code', { email: 'nobody@example.com' });
    expect(unknown.body).toEqual(resend.body);
    const newCode = codeIn(await latestMail(stack.url, account.email));
    if (newCode !== oldCode) {
      expect((await account.client.post('/api/verify-email-code', { email: account.email, code: oldCode })).status).toBe(400);
    }
    expect((await account.client.post('/api/verify-email-code', { email: account.email, code: newCode })).status).toBe(200);
  });

  it('sends at most one mail a minute per address', async () => {
    const account = await registered();
    const before = await countMails(stack.url, account.email);
    await clientFor(stack).post('/api/resend-verification', { email: account.email });
    await clientFor(stack).post('/api/resend-verification', { email: account.email });
    expect(await countMails(stack.url, account.email)).toBe(before);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the email has an account', async () => {
    const account = await registered();
    const known = await clientFor(stack).post<{ message: string }>('/api/forgot-password', { email: account.email });
    const unknown = await clientFor(stack).post<{ message: string }>('/api/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect((await latestMail(stack.url, account.email)).subject).toBe('Reset your Reelsmith password');
  });

  it('checks the code, resets the password, ends every session and lets the new password in', async () => {
    const account = await signedIn();
    const otherDevice = clientFor(stack);
    await otherDevice.post('/api/login', { username: account.username, password: account.password });
    await clientFor(stack).post('/api/forgot-password', { email: account.email });
    const code = codeIn(await latestMail(stack.url, account.email, /Reset/));

    const recovering = clientFor(stack);
    expect((await recovering.post('/api/verify-reset-code', { email: account.email, code })).status).toBe(200);
    const reset = await recovering.post<{ message: string }>('/api/reset-password-with-code', { email: account.email, code, password: 'brand new pass 2' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successfully');

    expect((await account.client.get('/api/user')).status).toBe(401);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    expect((await recovering.post('/api/login', { username: account.username, password: account.password })).status).toBe(401);
    expect((await recovering.post('/api/login', { username: account.username, password: 'brand new pass 2' })).status).toBe(200);
    const again = await clientFor(stack).post<{ error: string }>('/api/reset-password-with-code', { email: account.email, code, password: 'third pass 333' });
    expect(again.body.error).toBe('Invalid or expired code');
  });

  it('resets by the mailed link once, with the password rules', async () => {
    const account = await registered();
    await clientFor(stack).post('/api/forgot-password', { email: account.email });
    const token = linkIn(await latestMail(stack.url, account.email, /Reset/)).searchParams.get('token') ?? '';
    const client = clientFor(stack);
    const short = await client.post<{ error: string }>(`/api/reset-password?token=${token}`, { password: 'short' });
    expect(short.body.error).toBe('Password must be at least 8 characters');
    expect((await client.post(`/api/reset-password?token=${token}`, { password: 'linked pass 44' })).status).toBe(200);
    const reused = await client.post<{ error: string }>(`/api/reset-password?token=${token}`, { password: 'linked pass 55' });
    expect(reused.body.error).toBe('Invalid or expired reset link');
    expect((await client.post('/api/login', { username: account.email, password: 'linked pass 44' })).status).toBe(200);
  });

  it('refuses a brute-forced reset code after five tries', async () => {
    const account = await registered();
    await clientFor(stack).post('/api/forgot-password', { email: account.email });
    const code = codeIn(await latestMail(stack.url, account.email, /Reset/));
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await clientFor(stack).post('/api/verify-reset-code', { email: account.email, code: wrong });
    const right = await clientFor(stack).post<{ error: string }>('/api/reset-password-with-code', { email: account.email, code, password: 'never set 123' });
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('Too many attempts. Request a new code.');
  });

  it('sends a new code at once after too many wrong ones, and the new code works', async () => {
    const account = await registered();
    await clientFor(stack).post('/api/forgot-password', { email: account.email });
    const voided = codeIn(await latestMail(stack.url, account.email, /Reset/));
    const wrong = voided === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await clientFor(stack).post('/api/verify-reset-code', { email: account.email, code: wrong });
    const stuck = await clientFor(stack).post<{ error: string }>('/api/verify-reset-code', { email: account.email, code: voided });
    expect(stuck.body.error).toBe('Too many attempts. Request a new code.');

    // Well within the minute that holds back a second mail while a code still works.
    const before = await countMails(stack.url, account.email);
    expect((await clientFor(stack).post('/api/forgot-password', { email: account.email })).status).toBe(200);
    expect(await countMails(stack.url, account.email)).toBe(before + 1);
    const fresh = codeIn(await latestMail(stack.url, account.email, /Reset/));

    const client = clientFor(stack);
    expect((await client.post('/api/verify-reset-code', { email: account.email, code: fresh })).status).toBe(200);
    const reset = await client.post<{ message: string }>('/api/reset-password-with-code', { email: account.email, code: fresh, password: 'after lockout 77' });
    expect(reset.status).toBe(200);
    expect((await client.post('/api/login', { username: account.username, password: 'after lockout 77' })).status).toBe(200);

    // A code that still works keeps holding back a second mail within the minute.
    await clientFor(stack).post('/api/forgot-password', { email: account.email });
    const count = await countMails(stack.url, account.email);
    await clientFor(stack).post('/api/forgot-password', { email: account.email });
    expect(await countMails(stack.url, account.email)).toBe(count);
  });

  it('resends a verification code at once after too many wrong ones', async () => {
    const account = await registered();
    const voided = codeIn(await latestMail(stack.url, account.email));
    const wrong = voided === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await account.client.post('/api/verify-email-code', { email: account.email, code: wrong });
    const before = await countMails(stack.url, account.email);
    await clientFor(stack).post('/api/resend-verification-code', { email: account.email });
    expect(await countMails(stack.url, account.email)).toBe(before + 1);
    const fresh = codeIn(await latestMail(stack.url, account.email));
    expect((await account.client.post('/api/verify-email-code', { email: account.email, code: fresh })).status).toBe(200);
  });
});
