import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../../bin/local/stack';
import { loginThrottleKeys } from '../../functions/adapters/aws/dynamo/account-stores';
import { createDocumentClient, type TableRef } from '../../functions/adapters/aws/dynamo/table';
import { DynamoUserRepository } from '../../functions/adapters/aws/dynamo/user-repository';
import { accountBudget, loginThrottlePolicy } from '../../functions/core/accounts/login-throttle';
import { AddressedClient } from './support/addressed-client';
import type { JsonResponse } from './support/http-client';
import { codeIn, countMails, latestMail } from './support/mailbox';
import { clientFor, startTestStack } from './support/stack';

/** Sign-in throttling by client and account, and answers that say nothing about who exists. */

const refused = { message: 'Invalid username or password', error: 'Invalid username or password' };
const { freeFailures, clientMaxFailures, maxDelayMs } = loginThrottlePolicy;

let stack: LocalStack;
let table: TableRef;
let counter = 0;
let lastHost = 1;

beforeAll(async () => {
  stack = await startTestStack();
  table = {
    client: createDocumentClient({ region: 'us-east-1', endpoint: stack.endpoints.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    tableName: stack.env.TABLE_NAME ?? 'reelsmith',
  };
});
afterAll(async () => {
  table?.client.destroy();
  await stack?.stop();
});

function fresh(prefix: string) {
  counter += 1;
  const username = `${prefix}${counter}_${Date.now() % 100000}`;
  return { username, email: `${username}@example.com`, password: 'correct horse 1' };
}

async function registered(prefix: string) {
  const account = fresh(prefix);
  const response = await clientFor(stack).post('/api/register', account);
  expect(response.status).toBe(201);
  return account;
}

/** `count` accounts, registered side by side (their sign-ups are not what is measured). */
function registeredMany(prefix: string, count: number) {
  return Promise.all(Array.from({ length: count }, () => registered(prefix)));
}

/** A client at a loopback address of its own (clientFor's is 127.0.0.1), so no two tests share a per-client count. */
function newClient(): AddressedClient {
  lastHost += 1;
  return new AddressedClient(stack.url, `127.0.0.${lastHost}`);
}

const login = (client: { post: (path: string, body: unknown) => Promise<JsonResponse> }, username: string, password: string) =>
  client.post('/api/login', { username, password });

async function timed(call: () => Promise<JsonResponse>, expected: number): Promise<number> {
  const started = performance.now();
  const response = await call();
  const took = performance.now() - started;
  expect(response.status).toBe(expected);
  return took;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/**
 * Medians of interleaved calls on a shared, loaded machine: the bound is generous on purpose (the
 * leaks it guards against were 3 to 5 times). It catches a path that skips or adds real work.
 */
function expectAlike(label: string, values: number[], reference: number[]): void {
  const ratio = median(values) / median(reference);
  expect(ratio, `${label}: median ${median(values).toFixed(1)} ms against ${median(reference).toFixed(1)} ms`).toBeGreaterThan(0.5);
  expect(ratio, `${label}: median ${median(values).toFixed(1)} ms against ${median(reference).toFixed(1)} ms`).toBeLessThan(2);
}

describe('sign-in throttling', () => {
  it('delays only the guessing client, answers it as for any wrong password, and lets the owner in from elsewhere', async () => {
    const owner = await registered('victim');
    const attacker = newClient();
    const guesses: JsonResponse[] = [];
    for (let i = 0; i < freeFailures + 3; i++) guesses.push(await login(attacker, owner.username, `guess ${i} wrong`));
    // Throttled now: even the right password gets the same refusal (no 429, no "locked").
    const right = await login(attacker, owner.username, owner.password);
    for (const answer of [...guesses, right]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(refused);
    }

    // A name nobody has goes through exactly the same answers.
    const prober = newClient();
    const ghost = `ghost${counter}_${Date.now() % 100000}`;
    for (let i = 0; i < freeFailures + 4; i++) {
      const answer = await login(prober, ghost, `guess ${i} wrong`);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(refused);
    }

    // The owner, from their own client, is not locked out; nor by email from a third one.
    expect((await login(clientFor(stack), owner.username, owner.password)).status).toBe(200);
    expect((await login(newClient(), owner.email.toUpperCase(), owner.password)).status).toBe(200);
  });

  it('lets a delayed pair try again once its delay has passed; a success starts it over', async () => {
    const owner = await registered('patient');
    const client = newClient();
    for (let i = 0; i < freeFailures + 3; i++) expect((await login(client, owner.username, `guess ${i} wrong`)).status).toBe(401);
    expect((await login(client, owner.username, owner.password)).status).toBe(401);

    // As the longest delay passing would: the pair's last refusal moves back that far.
    const userId = await new DynamoUserRepository(table).findIdByUsername(owner.username.toLowerCase());
    if (!userId) throw new Error('no user id');
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: loginThrottleKeys.pair(accountBudget(userId), client.localAddress, Date.now()),
        UpdateExpression: 'SET lastAt = :past',
        ExpressionAttributeValues: { ':past': Date.now() - maxDelayMs - 1 },
      }),
    );
    expect((await login(client, owner.username, owner.password)).status).toBe(200);

    // The success cleared the pair: the free failures are there again, then the right password works.
    for (let i = 0; i < freeFailures - 1; i++) expect((await login(client, owner.username, `again ${i} wrong`)).status).toBe(401);
    expect((await login(client, owner.username, owner.password)).status).toBe(200);
  });

  it('counts failures by username and by email against one budget of the account', async () => {
    const owner = await registered('twonames');
    const client = newClient();
    // About half the failures by username, the rest by email (in another case): together they pass the
    // free ones (two more, so the delay is seconds long by the time the right password comes).
    const byName = Math.ceil(freeFailures / 2);
    for (let i = 0; i < byName; i++) expect((await login(client, owner.username, `name ${i} wrong`)).status).toBe(401);
    for (let i = byName; i < freeFailures + 2; i++) expect((await login(client, owner.email.toUpperCase(), `mail ${i} wrong`)).status).toBe(401);
    // The pair now waits: the right password is refused by either name, as for any wrong one.
    for (const name of [owner.username, owner.email]) {
      const right = await login(client, name, owner.password);
      expect(right.status).toBe(401);
      expect(right.body).toEqual(refused);
    }
    // The owner from another client is not kept out.
    expect((await login(newClient(), owner.email, owner.password)).status).toBe(200);
  });

  it('lets a new password in at once after a reset, also from the client that was delayed', async () => {
    const owner = await registered('forgetful');
    const laptop = newClient();
    for (let i = 0; i < freeFailures + 3; i++) expect((await login(laptop, owner.username, `remembered ${i} wrong`)).status).toBe(401);
    expect((await login(laptop, owner.username, owner.password)).status).toBe(401);

    await laptop.post('/api/forgot-password', { email: owner.email });
    const code = codeIn(await latestMail(stack.url, owner.email, /reset/i));
    const password = 'a brand new pass 9';
    expect((await laptop.post('/api/reset-password-with-code', { email: owner.email, code, password })).status).toBe(200);
    expect((await login(laptop, owner.username, password)).status).toBe(200);
  });

  it('refuses a client over its limit of failures across usernames, even with a right password; other clients are not', async () => {
    const account = await registered('crowd');
    const sprayer = newClient();
    for (let i = 0; i < clientMaxFailures; i++) {
      expect((await login(sprayer, `stranger${i}_${counter}_${Date.now() % 100000}`, 'spring2024!')).status).toBe(401);
    }
    const right = await login(sprayer, account.username, account.password);
    expect(right.status).toBe(401);
    expect(right.body).toEqual(refused);
    expect((await login(newClient(), account.username, account.password)).status).toBe(200);
  });

  it('does not count successful sign-ins against the client', async () => {
    const account = await registered('office');
    const shared = newClient();
    for (let i = 0; i <= clientMaxFailures; i++) expect((await login(shared, account.username, account.password)).status).toBe(200);
  });
});

describe('alike timing for who exists', () => {
  const rounds = 15;
  // Sign-ins are a few milliseconds each: more of them, so a file running beside this one moves the medians less.
  const signInRounds = 25;

  it('answers a wrong password for a real account, an unknown name and a throttled pair in alike time', async () => {
    const accounts = await registeredMany('timed', signInRounds);
    const hammered = await registered('hammered');
    const client = newClient();
    const throttledClient = newClient();
    const stamp = Date.now() % 100000;
    // Warm-up: CSRF tokens, first connections, and the pair brought to its delays.
    await login(client, `warmup_${stamp}`, 'not the password');
    await login(client, `warmup2_${stamp}`, 'not the password');
    for (let i = 0; i < freeFailures; i++) await login(throttledClient, hammered.username, `guess ${i} wrong`);

    const real: number[] = [];
    const unknown: number[] = [];
    const throttled: number[] = [];
    for (let i = 0; i < signInRounds; i++) {
      const account = accounts[i];
      if (!account) throw new Error('missing account');
      real.push(await timed(() => login(client, account.username, 'wrong password 1'), 401));
      unknown.push(await timed(() => login(client, `ghost${i}_${stamp}`, 'wrong password 1'), 401));
      throttled.push(await timed(() => login(throttledClient, hammered.username, 'wrong password 1'), 401));
    }
    expectAlike('unknown username against wrong password', unknown, real);
    expectAlike('throttled pair against wrong password', throttled, real);
  });

  it('answers forgot-password and resend-verification for known and unknown addresses in alike time', async () => {
    const accounts = await registeredMany('mailed', rounds);
    // Registration has just mailed a code; as a minute passing would, let a resend go out now.
    const users = new DynamoUserRepository(table);
    for (const account of accounts) {
      const userId = await users.findIdByEmail(account.email);
      await table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: { pk: `USER#${userId}`, sk: 'OTC#verify-email' },
          UpdateExpression: 'SET sentAt = :past',
          ExpressionAttributeValues: { ':past': Date.now() - 120_000 },
        }),
      );
    }
    const client = clientFor(stack);
    const stamp = Date.now() % 100000;
    await client.post('/api/forgot-password', { email: `warmup_${stamp}@example.com` });

    const forgotKnown: number[] = [];
    const forgotUnknown: number[] = [];
    const resendKnown: number[] = [];
    const resendUnknown: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const account = accounts[i];
      if (!account) throw new Error('missing account');
      const nobody = `nobody${i}_${stamp}@example.com`;
      forgotKnown.push(await timed(() => client.post('/api/forgot-password', { email: account.email }), 200));
      forgotUnknown.push(await timed(() => client.post('/api/forgot-password', { email: nobody }), 200));
      resendKnown.push(await timed(() => client.post('/api/resend-verification', { email: account.email }), 200));
      resendUnknown.push(await timed(() => client.post('/api/resend-verification', { email: nobody }), 200));
    }
    // The known addresses really were mailed (registration, reset, resend): the slow path was measured.
    for (const account of accounts) expect(await countMails(stack.url, account.email)).toBe(3);
    expectAlike('forgot-password, unknown against known', forgotUnknown, forgotKnown);
    expectAlike('resend-verification, unknown against known', resendUnknown, resendKnown);
  });
});
