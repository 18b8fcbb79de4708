import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { PublishingSandbox } from '../../bin/local/emulators/publishing-sandbox';
import type { AccountExport } from '../../functions/contract/account';
import type { ConnectedAccount, PublishingPlatform } from '../../functions/contract/publishing';
import { connectedAccountsOf } from '../../functions/compose/publishing';
import { getConfig } from '../../functions/platform/config';
import { setLogSink } from '../../functions/platform/observability/logging';
import { areaAccess } from '../../functions/platform/routes';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';
import { unzip } from './support/zip';

/**
 * Connected accounts against the local stack and its platform sandbox: each platform's OAuth
 * through `&consent=allow`, the single-use state, the plan limit under a race, TikTok's rotating refresh
 * token, a refused refresh (invalid_grant → expired → Reconnect), tenancy, and tokens absent from every
 * answer, the table's plain attributes and the export.
 */
let stack: LocalStack;
let sandbox: PublishingSandbox;
/** Every answer body read in this file, to look for tokens in at the end. */
const answers: string[] = [];
/** What the sandbox's tokens start with. */
const tokenShapes = /act\.|rft\.|ya29\.sbx|1\/\/sbx|IGQWsbx|sbxcode_|4\/0sbx/;

/** Every log line of the stack while this file runs (debug and up). */
const logLines: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  sandbox = stack.publishing;
  process.env.LOG_LEVEL = 'debug';
  setLogSink((line) => logLines.push(line));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const platforms: PublishingPlatform[] = ['tiktok', 'youtube', 'instagram'];

async function accountsOf(user: SignedInUser): Promise<ConnectedAccount[]> {
  const listed = await user.client.get<ConnectedAccount[]>('/api/publishing/accounts');
  expect(listed.status).toBe(200);
  answers.push(JSON.stringify(listed.body));
  return listed.body;
}

/** Starts a connection: the platform's authorize URL. */
async function start(user: SignedInUser, platform: PublishingPlatform, body: Record<string, unknown> = {}): Promise<URL> {
  const started = await user.client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, body);
  answers.push(JSON.stringify(started.body));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return new URL(started.body.url);
}

/** The platform's answer to a consent given by URL: the redirect to our callback. */
async function consent(authorize: URL, decision: 'allow' | 'deny', sandboxUser?: string): Promise<string> {
  const url = new URL(authorize);
  url.searchParams.set('consent', decision);
  if (sandboxUser) url.searchParams.set('sandbox_user', sandboxUser);
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return answer.headers.get('location') ?? '';
}

/** Follows the callback as the browser would (with the user's cookies): where the app sends it. */
async function callback(user: SignedInUser, location: string): Promise<URL> {
  const answer = await user.client.raw(location);
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '', stack.url);
}

async function connect(user: SignedInUser, platform: PublishingPlatform, sandboxUser?: string): Promise<URL> {
  return callback(user, await consent(await start(user, platform), 'allow', sandboxUser));
}

const servicesAt = (offsetMs: number) =>
  connectedAccountsOf({ entry: 'test:publishing', access: areaAccess.publishing, config: getConfig() }, { clock: () => Date.now() + offsetMs });

async function rawItems(userId: string): Promise<Record<string, unknown>[]> {
  const { table } = services();
  const result = await table.client.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'PUBACCT#' },
    }),
  );
  return result.Items ?? [];
}

describe('connecting through the sandbox', () => {
  it('connects TikTok (PKCE), YouTube and Instagram with consent=allow, and lists them with names, never tokens', async () => {
    const user = await signUpAndIn(stack, 'connect');
    await setProfile(user.id, { subscriptionTier: 'pro' });
    for (const platform of platforms) {
      const authorize = await start(user, platform, { returnUrl: '/settings' });
      if (platform === 'tiktok') {
        expect(authorize.searchParams.get('scope')).toBe('video.publish,video.upload');
        expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
        expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }
      if (platform === 'youtube') {
        expect(authorize.searchParams.get('access_type')).toBe('offline');
        expect(authorize.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/youtube.upload');
      }
      if (platform === 'instagram') expect(authorize.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish');
      const back = await callback(user, await consent(authorize, 'allow', 'maya.films'));
      expect(back.pathname).toBe('/settings');
      expect(Object.fromEntries(back.searchParams)).toEqual({ publishing: 'connected', platform });
    }
    const accounts = await accountsOf(user);
    expect(accounts.map(({ platform, displayName, status }) => ({ platform, displayName, status }))).toEqual([
      { platform: 'tiktok', displayName: '@maya.films', status: 'connected' },
      { platform: 'youtube', displayName: 'Maya Films', status: 'connected' },
      { platform: 'instagram', displayName: '@maya.films', status: 'connected' },
    ]);
    for (const account of accounts) expect(Object.keys(account).sort()).toEqual(['displayName', 'id', 'platform', 'status']);

    // At rest: sealed (AES-256-GCM), no token in any plain attribute.
    const items = await rawItems(user.id);
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(String(item.sealedTokens)).toMatch(/^v1\./);
      expect(JSON.stringify(item)).not.toMatch(tokenShapes);
    }
    // The token service opens them: a live TikTok access token.
    const tiktok = accounts.find((account) => account.platform === 'tiktok');
    const { accessToken } = await servicesAt(0).accessTokenFor(user.id, tiktok?.id ?? '');
    expect(sandbox.accessTokenIsLive('tiktok', accessToken)).toBe(true);

    // Connecting the same platform account again reconnects it: same id, nothing counted twice.
    await connect(user, 'tiktok', 'maya.films');
    expect((await accountsOf(user)).map((account) => account.id)).toEqual(accounts.map((account) => account.id));
  }, 60_000);

  it('Deny comes back as denied; a state is single-use, expires with its user, and is bound to that user', async () => {
    const user = await signUpAndIn(stack, 'deny');
    const denied = await callback(user, await consent(await start(user, 'youtube'), 'deny'));
    expect(Object.fromEntries(denied.searchParams)).toEqual({ publishing: 'denied', platform: 'youtube' });
    expect(await accountsOf(user)).toEqual([]);

    const location = await consent(await start(user, 'tiktok'), 'allow');
    expect((await callback(user, location)).searchParams.get('publishing')).toBe('connected');
    // The same callback again: the state was taken.
    expect((await callback(user, location)).searchParams.get('publishing')).toBe('expired');

    // Another signed-in user following my callback link connects nothing, and my state is not spent by it.
    const other = await signUpAndIn(stack, 'intruder');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    const mine = await consent(await start(user, 'instagram'), 'allow');
    expect((await callback(other, mine)).searchParams.get('publishing')).toBe('expired');
    expect(await accountsOf(other)).toEqual([]);
    expect((await callback(user, mine)).searchParams.get('publishing')).toBe('connected');

    // A forged state, and none at all.
    const forged = new URL(location, stack.url);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect((await callback(user, forged.toString())).searchParams.get('publishing')).toBe('expired');
    expect((await callback(user, '/api/publishing/oauth/tiktok/callback?code=x')).searchParams.get('publishing')).toBe('failed');

    // A return URL off the site is refused.
    expect((await user.client.post('/api/publishing/accounts/tiktok/connect', { returnUrl: 'https://evil.example/' })).status).toBe(400);
    expect((await user.client.post('/api/publishing/accounts/tiktok/connect', { returnUrl: '//evil.example/' })).status).toBe(400);
    expect((await user.client.post('/api/publishing/accounts/myspace/connect', {})).status).toBe(400);
  }, 60_000);
});

describe('the plan limit on connected accounts', () => {
  it('free holds one: a second platform is refused before the platform is asked', async () => {
    const user = await signUpAndIn(stack, 'freelimit');
    await connect(user, 'tiktok');
    const refused = await user.client.post<{ message: string }>('/api/publishing/accounts/youtube/connect', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your plan has reached its connected accounts limit. Upgrade to connect more.');
  }, 30_000);

  it.each([
    ['free', 1, 10],
    ['pro', 10, 12],
  ] as const)(
    '%s: %i of %i callbacks completing at once are kept, exactly',
    async (tier, limit, racing) => {
      const user = await signUpAndIn(stack, `race${tier}`);
      await setProfile(user.id, { subscriptionTier: tier });
      // Every authorization started first (the early check passes with none connected), then every callback at once.
      const locations: string[] = [];
      for (let i = 0; i < racing; i += 1) locations.push(await consent(await start(user, 'tiktok'), 'allow', `racer${i}.${tier}`));
      const outcomes = await Promise.all(locations.map(async (location) => (await callback(user, location)).searchParams.get('publishing')));
      expect(outcomes.filter((outcome) => outcome === 'connected')).toHaveLength(limit);
      expect(outcomes.filter((outcome) => outcome === 'limit')).toHaveLength(racing - limit);
      expect(await accountsOf(user)).toHaveLength(limit);
      const { table } = services();
      const counter = await table.client.send(
        new GetCommand({ TableName: table.tableName, Key: { pk: `USER#${user.id}`, sk: 'COUNT#PUBACCTS' }, ConsistentRead: true }),
      );
      expect(counter.Item?.count).toBe(limit);
    },
    120_000,
  );
});

describe('tokens before use', () => {
  it('refreshes TikTok ahead of expiry and keeps each rotated refresh token', async () => {
    const user = await signUpAndIn(stack, 'rotate');
    await connect(user, 'tiktok', 'rotating.creator');
    const [account] = await accountsOf(user);
    const before = sandbox.tokenCalls.filter((call) => call.platform === 'tiktok' && call.grantType === 'refresh_token').length;
    // Three hours on, then six: the 2-hour access token is due each time; each refresh must use the refresh token the last one gave.
    const first = await servicesAt(3 * 3600_000).accessTokenFor(user.id, account?.id ?? '');
    expect((await servicesAt(3 * 3600_000).accessTokenFor(user.id, account?.id ?? '')).accessToken).toBe(first.accessToken);
    const second = await servicesAt(6 * 3600_000).accessTokenFor(user.id, account?.id ?? '');
    const refreshes = sandbox.tokenCalls.filter((call) => call.platform === 'tiktok' && call.grantType === 'refresh_token').slice(before);
    expect(refreshes.map((call) => call.outcome)).toEqual(['issued', 'issued']);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(sandbox.accessTokenIsLive('tiktok', second.accessToken)).toBe(true);
    // Not due now: no refresh.
    await servicesAt(6 * 3600_000).accessTokenFor(user.id, account?.id ?? '');
    expect(sandbox.tokenCalls.filter((call) => call.platform === 'tiktok' && call.grantType === 'refresh_token').slice(before)).toHaveLength(2);
    expect((await accountsOf(user))[0]?.status).toBe('connected');
  }, 30_000);

  it('parallel refreshes of one account store one rotation and all get a live token', async () => {
    const user = await signUpAndIn(stack, 'parallel');
    await connect(user, 'tiktok', 'parallel.creator');
    const [account] = await accountsOf(user);
    const later = servicesAt(3 * 3600_000);
    const before = sandbox.tokenCalls.filter((call) => call.platform === 'tiktok' && call.grantType === 'refresh_token').length;
    const tokens = await Promise.all(Array.from({ length: 4 }, () => later.accessTokenFor(user.id, account?.id ?? '')));
    for (const { accessToken } of tokens) expect(sandbox.accessTokenIsLive('tiktok', accessToken)).toBe(true);
    // One rotation won; any other refresh was refused (its refresh token spent) and read the winner's tokens.
    const refreshes = sandbox.tokenCalls.filter((call) => call.platform === 'tiktok' && call.grantType === 'refresh_token').slice(before);
    expect(refreshes.filter((call) => call.outcome === 'issued')).toHaveLength(1);
    expect((await accountsOf(user))[0]?.status).toBe('connected');
  }, 30_000);

  it('a refresh refused with invalid_grant marks the account expired (Reconnect), and reconnecting restores it', async () => {
    const user = await signUpAndIn(stack, 'expire');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    await connect(user, 'youtube', 'expiring.channel');
    const [account] = await accountsOf(user);
    sandbox.expireGrants('youtube');
    await expect(servicesAt(2 * 3600_000).accessTokenFor(user.id, account?.id ?? '')).rejects.toMatchObject({ status: 409, code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect((await accountsOf(user))[0]).toMatchObject({ id: account?.id, status: 'expired' });
    await connect(user, 'youtube', 'expiring.channel');
    expect(await accountsOf(user)).toEqual([{ ...account, status: 'connected' }]);
  }, 30_000);
});

describe('disconnecting, and what others see', () => {
  it('another user never sees my accounts and gets 404 deleting one; I disconnect with a revocation where the platform has one', async () => {
    const me = await signUpAndIn(stack, 'owner');
    await setProfile(me.id, { subscriptionTier: 'basic' });
    await connect(me, 'tiktok', 'owner.tiktok');
    await connect(me, 'instagram', 'owner.insta');
    const mine = await accountsOf(me);
    const other = await signUpAndIn(stack, 'other');
    expect(await accountsOf(other)).toEqual([]);
    for (const account of mine) expect((await other.client.delete(`/api/publishing/accounts/${account.id}`)).status).toBe(404);
    expect(await accountsOf(me)).toHaveLength(2);
    expect((await other.client.delete('/api/publishing/accounts/NOT-AN-ID')).status).toBe(404);

    const revokedBefore = sandbox.revocations.length;
    for (const account of mine) expect((await me.client.delete(`/api/publishing/accounts/${account.id}`)).status).toBe(204);
    expect(sandbox.revocations.slice(revokedBefore)).toEqual([{ platform: 'tiktok', user: 'owner.tiktok' }]);
    expect(await accountsOf(me)).toEqual([]);
    expect((await me.client.delete(`/api/publishing/accounts/${mine[0]?.id ?? ''}`)).status).toBe(404);
    // The counter went back down: a free-limit's worth can be connected again.
    await setProfile(me.id, { subscriptionTier: 'free' });
    expect((await connect(me, 'youtube')).searchParams.get('publishing')).toBe('connected');
  }, 60_000);

  it('the data export lists connected accounts without tokens, and no answer in this file carried one', async () => {
    const user = await signUpAndIn(stack, 'exporter');
    await connect(user, 'tiktok', 'export.creator');
    const made = await user.client.post<AccountExport>('/api/account/export');
    expect(made.status).toBe(200);
    const files = await unzip(Buffer.from(await (await fetch(made.body.url)).arrayBuffer()));
    const listed = JSON.parse(files.get('data/connected-accounts.json')?.toString('utf8') ?? 'null') as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ platform: 'tiktok', displayName: '@export.creator', status: 'connected' })]);
    for (const [name, bytes] of files) {
      if (!name.startsWith('data/')) continue;
      const text = bytes.toString('utf8');
      expect(text, name).not.toMatch(tokenShapes);
      expect(text, name).not.toContain('sealedTokens');
    }
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(answer).not.toMatch(tokenShapes);
    // Nor any log line (requests, connects, refreshes, revocations), though the flows were logged.
    expect(logLines.some((line) => line.includes('publishing connect finished'))).toBe(true);
    for (const line of logLines) expect(line).not.toMatch(tokenShapes);
  }, 60_000);
});

describe('closing the account', () => {
  it('deletes the connected accounts, their sealed tokens and their counter with the rest', async () => {
    const user = await signUpAndIn(stack, 'closer');
    await connect(user, 'instagram', 'closing.creator');
    expect(await rawItems(user.id)).toHaveLength(1);
    expect((await user.client.post('/api/account/delete', { password: 'correct horse 1' })).status).toBe(200);
    expect(await rawItems(user.id)).toEqual([]);
    const { table } = services();
    expect(
      (await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: `USER#${user.id}`, sk: 'COUNT#PUBACCTS' } }))).Item,
    ).toBeUndefined();
  }, 60_000);
});
