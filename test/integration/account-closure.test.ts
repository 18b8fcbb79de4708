import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { AccountExport } from '../../functions/contract/account';
import type { Script } from '../../functions/contract/scripts';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { localScheduler } from '../../functions/adapters/local/in-process-scheduler';
import { makeMedia, type MediaFile } from '../support/media-files';
import { services } from '../support/services';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { clientFor, startTestStack } from './support/stack';
import { unzip } from './support/zip';

/**
 * Your data against the local stack: the export's ZIP (read back with yauzl) and the
 * closing of an account, checked in the table, the bucket, the in-process scheduler, the Stripe
 * emulator and Cognito (sign-in fails after).
 */
let stack: LocalStack;
let dir: string;
let mp4: MediaFile;
const password = 'correct horse 1';

beforeAll(async () => {
  stack = await startTestStack();
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-closure-test-'));
  mp4 = await makeMedia(dir, 'mp4', { name: 'Beach sunset' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The entries of a ZIP, name → bytes. */

async function tableItems(userId: string): Promise<Record<string, unknown>[]> {
  const { table } = services();
  const result = await table.client.send(
    new QueryCommand({ TableName: table.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return result.Items ?? [];
}

async function objectsOf(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/` }));
  return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
}

/** What waits under tmp/ for a user: a render's scratch files and voice samples not yet cloned. */
async function scratchOf(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const keys: string[] = [];
  for (const prefix of [`tmp/renders/${userId}/`, `tmp/voice-samples/${userId}/`]) {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: prefix }));
    keys.push(...(listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
  }
  return keys;
}

/** A creator with a script, a media file, a template and an active automation schedule. */
async function creatorWithData(prefix: string): Promise<{ user: SignedInUser; script: Script; schedule: AutomationSchedule }> {
  const user = await signUpAndIn(stack, prefix);
  const script = (await user.client.post<Script>('/api/scripts', { title: `${prefix} script`, scriptContent: 'A short script about the sea.' })).body;
  await uploadAsset(user.client, mp4);
  const template = await user.client.post<VideoTemplate>('/api/templates', {
    name: 'Daily focus',
    topic: 'Staying focused at work',
    subjectCategory: 'Teacher',
    duration: '15 sec',
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const schedule = await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: 'Mornings', templateId: template.body.id });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
  return { user, script, schedule: schedule.body };
}

describe('POST /api/account/export', () => {
  it('answers a link to a ZIP of the records as JSON and the media files, and refuses without a session', async () => {
    const { user, script } = await creatorWithData('export');
    expect((await clientFor(stack).post('/api/account/export')).status).toBe(401);

    const made = await user.client.post<AccountExport>('/api/account/export');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // The upload and the thumbnail made of it.
    expect(made.body.expiresInSeconds).toBe(900);
    expect(made.body.files).toBeGreaterThanOrEqual(1);
    expect(made.body.fileName).toMatch(/^reelsmith-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const download = await fetch(made.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(made.body.fileName);
    const files = await unzip(Buffer.from(await download.arrayBuffer()));

    const scripts = JSON.parse(files.get('data/scripts.json')?.toString('utf8') ?? '[]') as { id: string; title: string }[];
    expect(scripts.map((saved) => saved.id)).toEqual([script.id]);
    expect(scripts[0]?.title).toBe('export script');
    expect(JSON.stringify(scripts)).not.toMatch(/"pk"|"sk"|USER#/);
    const schedules = JSON.parse(files.get('data/automation-schedules.json')?.toString('utf8') ?? '[]') as unknown[];
    expect(schedules).toHaveLength(1);
    expect(JSON.parse(files.get('data/video-templates.json')?.toString('utf8') ?? '[]')).toHaveLength(1);
    expect(JSON.parse(files.get('data/profile.json')?.toString('utf8') ?? '{}')).toMatchObject({ id: user.id, username: user.username });
    const media = [...files.keys()].filter((name) => name.startsWith('files/'));
    expect(media).toHaveLength(made.body.files);
    expect(media.some((name) => Buffer.compare(files.get(name) ?? Buffer.alloc(0), Buffer.from(mp4.bytes)) === 0)).toBe(true);
    expect(files.has('README.txt')).toBe(true);

    // A second export replaces the first (one kept) and never contains an earlier export.
    const again = await user.client.post<AccountExport>('/api/account/export');
    expect(again.body.files).toBe(made.body.files);
    expect((await objectsOf(user.id)).filter((key) => key.includes('/exports/'))).toHaveLength(1);
  }, 120_000);
});

describe('a large export', () => {
  it('writes a ZIP larger than one upload part (8 MiB) in parts, and every byte of a large file survives', async () => {
    const user = await signUpAndIn(stack, 'bigexport');
    // An 11 MiB file that does not compress: the ZIP crosses the first part boundary inside it.
    const big = randomBytes(11 * 1024 * 1024);
    const { s3, config } = services();
    await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: `users/${user.id}/media/big/original.mp4`, Body: big, ContentType: 'video/mp4' }));
    const made = await user.client.post<AccountExport>('/api/account/export');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const download = await fetch(made.body.url);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(11 * 1024 * 1024);
    const files = await unzip(bytes);
    expect(Buffer.compare(files.get('files/media/big/original.mp4') ?? Buffer.alloc(0), big)).toBe(0);
    expect(JSON.parse(files.get('data/profile.json')?.toString('utf8') ?? '{}')).toMatchObject({ id: user.id });
  }, 120_000);
});

describe('POST /api/account/delete', () => {
  it('asks for the password, then deletes items, objects, schedules, the Stripe link and the Cognito user, and ends the session; twice is harmless; another user is untouched', async () => {
    const { user, schedule } = await creatorWithData('closing');
    const other = await creatorWithData('bystander');
    const { table } = services();
    const stripe = stack.stripe;
    if (!stripe) throw new Error('the local stack should run the Stripe emulator');

    // A live subscription through the emulator's checkout.
    const created = await user.client.post<{ url: string }>('/api/subscriptions/create-session', {
      tier: 'basic',
      successUrl: `${stack.url}/settings?subscription=success&tier=basic&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${stack.url}/settings?subscription=cancelled`,
    });
    const sessionId = /\/checkout\/(cs_test_\w+)$/.exec(created.body.url)?.[1] ?? '';
    expect((await fetch(`${stripe.url}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const profile = (await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: `USER#${user.id}`, sk: 'PROFILE' } }))).Item ?? {};
    const customerId = String(profile.stripeCustomerId);
    const subscriptionId = String(profile.stripeSubscriptionId);
    expect(profile.subscriptionStatus).toBe('active');
    const link = async () =>
      (await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: `STRIPECUSTOMER#${customerId}`, sk: 'CLAIM' } }))).Item;
    expect(await link()).toBeDefined();
    expect(
      localScheduler()
        .list()
        .some((entry) => entry.name === `automation-${schedule.id}`),
    ).toBe(true);
    expect(await objectsOf(user.id)).not.toHaveLength(0);
    for (const key of [`tmp/renders/${user.id}/x-1/chunk-00.mp4`, `tmp/voice-samples/${user.id}/01JAAAAAAAAAAAAAAAAAAAAAAA`])
      await services().s3.send(new PutObjectCommand({ Bucket: services().config.MEDIA_BUCKET, Key: key, Body: 'scratch' }));
    expect(await scratchOf(user.id)).toHaveLength(2);

    // Refusals: no body, a wrong password, an unknown field.
    expect((await user.client.post('/api/account/delete', {})).status).toBe(400);
    const wrong = await user.client.post<{ message: string; code: string }>('/api/account/delete', { password: 'not it at all' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ message: 'That password is not right', code: 'WRONG_PASSWORD' });
    expect((await user.client.post('/api/account/delete', { password, confirm: true })).status).toBe(400);
    expect((await user.client.get('/api/user')).status).toBe(200);

    const closed = await user.client.post<{ message: string }>('/api/account/delete', { password });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toBe('Your account has been deleted');
    expect(closed.headers.getSetCookie().join('\n')).toMatch(/rs_sid=;/);

    expect(await tableItems(user.id)).toEqual([]);
    expect(await objectsOf(user.id)).toEqual([]);
    expect(await scratchOf(user.id)).toEqual([]);
    expect(
      localScheduler()
        .list()
        .some((entry) => entry.name === `automation-${schedule.id}` || entry.name === `weekly-${user.id}`),
    ).toBe(false);
    expect(await link()).toBeUndefined();
    const subscription = await fetch(`${stripe.url}/v1/subscriptions/${subscriptionId}`, {
      headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY ?? ''}` },
    });
    expect(((await subscription.json()) as { status: string }).status).toBe('canceled');
    const claims = await Promise.all(
      [`USERNAME#${user.username.toLowerCase()}`, `EMAIL#${user.username.toLowerCase()}@example.com`, `ACCOUNTCLOSURE#${user.id}`].map(
        async (pk) =>
          (await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk, sk: pk.startsWith('ACCOUNT') ? 'CLOSURE' : 'CLAIM' } }))).Item,
      ),
    );
    expect(claims).toEqual([undefined, undefined, undefined]);
    const sessions = await table.client.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${user.id}` },
      }),
    );
    expect(sessions.Items ?? []).toEqual([]);

    // The session ended; the same request again is a 401 and changes nothing.
    expect((await user.client.get('/api/user')).status).toBe(401);
    expect((await user.client.post('/api/account/delete', { password })).status).toBe(401);
    // The Cognito user is gone: signing in fails, and the name can be registered again.
    const fresh = clientFor(stack);
    expect((await fresh.post('/api/login', { username: user.username, password })).status).toBe(401);

    // The bystander keeps everything.
    expect((await tableItems(other.user.id)).length).toBeGreaterThan(3);
    expect(await objectsOf(other.user.id)).not.toHaveLength(0);
    expect(
      localScheduler()
        .list()
        .some((entry) => entry.name === `automation-${other.schedule.id}`),
    ).toBe(true);
    expect((await other.user.client.get<Script[]>('/api/scripts')).status).toBe(200);
    expect((await other.user.client.post<AccountExport>('/api/account/export')).body.files).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
