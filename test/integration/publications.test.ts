import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { memoryPlatforms, type MemoryPlatforms } from '../../bin/local/memory-posters';
import type { LocalStack } from '../../bin/local/stack';
import type { AccountExport } from '../../functions/contract/account';
import type { ConnectedAccount, Publication, PublishCheckResponse, PublishingPlatform, PublishResponse } from '../../functions/contract/publishing';
import { postingMessages } from '../../functions/contract/publishing';
import { DynamoPublications } from '../../functions/adapters/aws/dynamo/publications';
import type { StoredPublication } from '../../functions/core/ports/publications';
import { newId } from '../../functions/core/ids';
import { publicationWorkerAccess } from '../../functions/platform/access';
import { publicationRunnerOf } from '../../functions/compose/publications';
import { usePosters } from '../../functions/compose/runtime/posters';
import { getConfig } from '../../functions/platform/config';
import { setLogSink } from '../../functions/platform/logger';
import { makeMedia } from '../support/media-files';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { scriptWithVideo } from './support/finished-script';
import { startTestStack } from './support/stack';

/**
 * The publishing ledger against the local stack, with in-memory platforms behind the posters'
 * factory parameter: publishing to two accounts, the list, cancelling a scheduled post and the 409 after
 * it started, tenancy (404 on every route), no token in any answer or the export, the posts per day limit
 * under a race, a double run posting once, a crashed run (its lease ended) resuming from its checkpoint,
 * transient failures retried and permanent ones reported.
 */
let stack: LocalStack;
let platforms: MemoryPlatforms;
let mp4: Buffer;
const answers: string[] = [];
const logLines: string[] = [];
const tokenShapes = /act\.|rft\.|ya29\.sbx|1\/\/sbx|IGQWsbx|sbxcode_|4\/0sbx/;

beforeAll(async () => {
  platforms = memoryPlatforms();
  usePosters(platforms.posters);
  process.env.PUBLISH_RETRY_BASE_MS = '50';
  stack = await startTestStack();
  process.env.LOG_LEVEL = 'debug';
  setLogSink((line) => logLines.push(line));
  // Several chunks of the in-memory platform's 64 KiB.
  const media = await makeMedia(mkdtempSync(join(tmpdir(), 'publications-')), 'mp4', { seconds: 2 });
  mp4 = Buffer.from(media.bytes);
}, 120_000);

afterAll(async () => {
  usePosters(undefined);
  await stack?.stop();
});

async function connect(user: SignedInUser, platform: PublishingPlatform, sandboxUser: string): Promise<ConnectedAccount> {
  const started = await user.client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, {});
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  url.searchParams.set('consent', 'allow');
  url.searchParams.set('sandbox_user', sandboxUser);
  const consent = await fetch(url, { redirect: 'manual' });
  const back = await user.client.raw(consent.headers.get('location') ?? '');
  expect(back.status).toBe(302);
  const accounts = await user.client.get<ConnectedAccount[]>('/api/publishing/accounts');
  const account = accounts.body.find((a) => a.platform === platform);
  if (!account) throw new Error(`${platform} not connected: ${JSON.stringify(accounts.body)}`);
  return account;
}

async function listOf(user: SignedInUser, scriptId?: string): Promise<Publication[]> {
  const listed = await user.client.get<Publication[]>(`/api/publications${scriptId ? `?scriptId=${scriptId}` : ''}`);
  expect(listed.status).toBe(200);
  answers.push(JSON.stringify(listed.body));
  return listed.body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ledger = () => new DynamoPublications(services().table);
const runner = (options: Parameters<typeof publicationRunnerOf>[1] = {}) =>
  publicationRunnerOf({ entry: 'test:publication-worker', access: publicationWorkerAccess, config: getConfig() }, { runner: { backoffBaseMs: 50, ...options.runner }, ...options });

/** A publication written straight into the ledger (not handed to the queue), as a run would find it. */
async function storedPublication(user: SignedInUser, account: ConnectedAccount, scriptId: string, fields: Partial<StoredPublication> = {}): Promise<StoredPublication> {
  const now = Date.now();
  const publication: StoredPublication = {
    id: newId(),
    userId: user.id,
    scriptId,
    accountId: account.id,
    platform: account.platform,
    accountName: account.displayName,
    status: 'queued',
    videoKey: `users/${user.id}/video/${scriptId}-run1.mp4`,
    post: { caption: `ledger ${newId()}`, title: 'Ledger', privacy: 'private', madeForKids: false, containsSyntheticMedia: true },
    attempts: 0,
    dueAt: now + 3_600_000,
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
    ...fields,
  };
  expect(await ledger().create([publication], '2000-01-01', 1_000)).toBe('created');
  return publication;
}

const postsOf = (caption: string) => platforms.posts.filter((post) => post.caption === caption);

let owner: SignedInUser;
let youtube: ConnectedAccount;
let instagram: ConnectedAccount;
let scriptId: string;

describe('posting a finished video', () => {
  beforeAll(async () => {
    owner = await signUpAndIn(stack, 'poster');
    await setProfile(owner.id, { subscriptionTier: 'pro' });
    youtube = await connect(owner, 'youtube', 'owner.yt');
    instagram = await connect(owner, 'instagram', 'owner.ig');
    scriptId = (await scriptWithVideo(owner, mp4)).id;
  }, 60_000);

  it('checks each target before anything is uploaded, and refuses a privacy the account does not offer (400 naming the target, nothing created)', async () => {
    const checked = await owner.client.post<PublishCheckResponse>(`/api/scripts/${scriptId}/publish/check`, { targets: [{ accountId: youtube.id }, { accountId: instagram.id, privacy: 'friends' }] });
    answers.push(JSON.stringify(checked.body));
    expect(checked.status).toBe(200);
    expect(checked.body.targets[0]).toMatchObject({ accountId: youtube.id, ok: true, problems: [], privacyOptions: ['public', 'unlisted', 'private'] });
    expect(checked.body.targets[1]).toMatchObject({ ok: false, problems: [postingMessages.privacyNotOffered('friends')] });
    const refused = await owner.client.post<{ error: string }>(`/api/scripts/${scriptId}/publish`, { targets: [{ accountId: youtube.id }, { accountId: instagram.id, privacy: 'friends' }] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(`Instagram (${instagram.displayName})`);
    expect(await listOf(owner, scriptId)).toEqual([]);
  }, 30_000);

  it('publishes to two accounts at once: each queued, then published with a link, each posted once', async () => {
    const before = platforms.posts.length;
    const made = await owner.client.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, { targets: [{ accountId: youtube.id, title: 'Mornings' }, { accountId: instagram.id }] });
    answers.push(JSON.stringify(made.body));
    expect(made.status).toBe(201);
    expect(made.body.publications.map((p) => [p.platform, p.status])).toEqual([
      ['youtube', 'queued'],
      ['instagram', 'queued'],
    ]);
    const listed = await until(
      () => listOf(owner, scriptId),
      (list) => list.length === 2 && list.every((p) => p.status === 'published'),
    );
    for (const publication of listed) expect(publication.postUrl).toMatch(/^https:\/\/example\.test\//);
    expect(platforms.posts.length - before).toBe(2);
    // The whole file went up in chunks, read in ranges.
    expect(platforms.posts.at(-1)?.bytes).toBe(mp4.byteLength);
  }, 30_000);

  it('schedules a post, cancels it (204), and answers 409 for one that started', async () => {
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const made = await owner.client.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, { targets: [{ accountId: youtube.id }], scheduledAt });
    expect(made.status).toBe(201);
    const [scheduled] = made.body.publications;
    expect(scheduled?.status).toBe('scheduled');
    expect((await listOf(owner, scriptId)).find((p) => p.id === scheduled?.id)).toMatchObject({ status: 'scheduled', scheduledAt });
    expect((await owner.client.delete(`/api/publications/${scheduled?.id ?? ''}`)).status).toBe(204);
    expect((await listOf(owner, scriptId)).find((p) => p.id === scheduled?.id)?.status).toBe('cancelled');
    const published = (await listOf(owner, scriptId)).find((p) => p.status === 'published');
    const refused = await owner.client.delete<{ error: string }>(`/api/publications/${published?.id ?? ''}`);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(postingMessages.alreadyStarted);
  }, 30_000);

  it('a scheduled post goes at its time', async () => {
    const scheduledAt = new Date(Date.now() + 2_500).toISOString();
    const made = await owner.client.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, { targets: [{ accountId: instagram.id, caption: 'at its time' }], scheduledAt });
    expect(made.status).toBe(201);
    const id = made.body.publications[0]?.id;
    const done = await until(
      () => listOf(owner, scriptId),
      (list) => list.find((p) => p.id === id)?.status === 'published',
    );
    expect(done.find((p) => p.id === id)?.publishedAt).toBeDefined();
    expect(postsOf('at its time')[0]?.at ?? 0).toBeGreaterThanOrEqual(Date.parse(scheduledAt) - 1_000);
  }, 30_000);

  it('another user gets 404 on every route and sees none of it', async () => {
    const other = await signUpAndIn(stack, 'stranger');
    await setProfile(other.id, { subscriptionTier: 'pro' });
    const theirs = await connect(other, 'youtube', 'other.yt');
    const mine = await listOf(owner, scriptId);
    expect((await other.client.post(`/api/scripts/${scriptId}/publish/check`, { targets: [{ accountId: theirs.id }] })).status).toBe(404);
    expect((await other.client.post(`/api/scripts/${scriptId}/publish`, { targets: [{ accountId: theirs.id }] })).status).toBe(404);
    // Their own script, my account.
    const theirScript = (await scriptWithVideo(other, mp4)).id;
    expect((await other.client.post(`/api/scripts/${theirScript}/publish`, { targets: [{ accountId: youtube.id }] })).status).toBe(404);
    expect((await other.client.post(`/api/scripts/${theirScript}/publish/check`, { targets: [{ accountId: youtube.id }] })).status).toBe(404);
    expect(await listOf(other, scriptId)).toEqual([]);
    expect(await listOf(other)).toEqual([]);
    for (const publication of mine) expect((await other.client.delete(`/api/publications/${publication.id}`)).status).toBe(404);
  }, 30_000);
});

describe('the posts per day limit', () => {
  it('holds under 12 parallel publish calls: exactly the plan’s 3 succeed', async () => {
    const user = await signUpAndIn(stack, 'racer');
    const account = await connect(user, 'youtube', 'racer.yt');
    const script = (await scriptWithVideo(user, mp4)).id;
    const answered = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        user.client.post<PublishResponse>(`/api/scripts/${script}/publish`, { targets: [{ accountId: account.id, caption: `race ${i}` }], scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }),
      ),
    );
    const statuses = answered.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(9);
    expect(JSON.stringify(answered.find((answer) => answer.status === 403)?.body)).toContain(postingMessages.dailyLimit);
    expect(await listOf(user)).toHaveLength(3);
    const { table } = services();
    const day = new Date().toISOString().slice(0, 10);
    const counter = await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: `USER#${user.id}`, sk: `POSTDAY#${day}` } }));
    expect(counter.Item?.count).toBe(3);
  }, 60_000);

  it('the free plan’s watermark is refused for TikTok, in the creator’s words', async () => {
    const user = await signUpAndIn(stack, 'freebie');
    const tiktok = await connect(user, 'tiktok', 'free.tt');
    const script = (await scriptWithVideo(user, mp4)).id;
    const checked = await user.client.post<PublishCheckResponse>(`/api/scripts/${script}/publish/check`, { targets: [{ accountId: tiktok.id }] });
    expect(checked.body.targets[0]?.problems).toContain(postingMessages.watermarkOnTikTok);
    expect((await user.client.post(`/api/scripts/${script}/publish`, { targets: [{ accountId: tiktok.id }] })).status).toBe(400);
  }, 30_000);
});

describe('the ledger', () => {
  it('a double run of the same publication posts once (in parallel and again after)', async () => {
    const publication = await storedPublication(owner, youtube, scriptId, { dueAt: Date.now() });
    const worker = runner();
    const outcomes = await Promise.all([worker.run(publication), worker.run(publication), runner().run(publication)]);
    expect(outcomes.filter((outcome) => outcome === 'published')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(2);
    expect(await worker.run(publication)).toBe('done');
    expect(postsOf(publication.post.caption)).toHaveLength(1);
    expect((await ledger().get(publication))?.attempts).toBe(1);
  }, 30_000);

  it('a crashed run (claimed, its lease ended mid-upload) resumes from its checkpoint and posts once', async () => {
    const checkpoint = { platform: 'tiktok' as const, stage: 'initialised' as const, publishId: `crashed_${newId()}`, uploadUrl: 'memory://upload', chunkSize: 64 * 1024, chunkCount: Math.ceil(mp4.byteLength / (64 * 1024)), chunksDone: 1 };
    const ended = Date.now() - 1_000;
    const publication = await storedPublication(owner, youtube, scriptId, { status: 'uploading', attempts: 1, leaseOwner: 'dead-process', leaseUntil: ended, dueAt: ended, checkpoint, progress: 20 });
    // The stack's sweep finds it (due since its lease ended) and its worker resumes it.
    const done = await until(
      () => ledger().get(publication),
      (p) => p?.status === 'published',
    );
    expect(done?.attempts).toBe(2);
    const posts = postsOf(publication.post.caption);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ postId: checkpoint.publishId, resumedFrom: checkpoint });
  }, 30_000);

  it('a run held by a live lease is left alone; after a restart the local worker takes it over at once', async () => {
    const publication = await storedPublication(owner, youtube, scriptId, { status: 'uploading', attempts: 1, leaseOwner: 'previous-process', leaseUntil: Date.now() + 60_000, dueAt: Date.now() + 60_000 });
    expect(await runner().run(publication)).toBe('busy');
    expect(await runner().resumeAbandoned()).toBeGreaterThanOrEqual(1);
    await until(
      () => ledger().get(publication),
      (p) => p?.status === 'published',
    );
    expect(postsOf(publication.post.caption)).toHaveLength(1);
  }, 30_000);

  it('transient failures are retried (Retry-After honoured) and a permanent one fails at once with the platform’s reason', async () => {
    const retried = await storedPublication(owner, youtube, scriptId, { dueAt: Date.now() });
    platforms.faultsByCaption.set(retried.post.caption, [{ kind: 'transient', retryAfterMs: 300 }, { kind: 'transient' }]);
    const started = Date.now();
    expect(await runner().run(retried)).toBe('retrying');
    const stored = await ledger().get(retried);
    expect(stored).toMatchObject({ status: 'queued', error: 'The platform asked to slow down' });
    expect(stored?.dueAt ?? 0).toBeGreaterThanOrEqual(started + 300);
    const done = await until(
      () => ledger().get(retried),
      (p) => p?.status === 'published',
    );
    expect(done?.attempts).toBe(3);
    expect(postsOf(retried.post.caption)).toHaveLength(1);

    const refused = await storedPublication(owner, instagram, scriptId, { dueAt: Date.now() });
    platforms.faultsByCaption.set(refused.post.caption, [{ kind: 'permanent', code: '2207042', message: 'The account reached its publishing limit for today' }]);
    expect(await runner().run(refused)).toBe('failed');
    const failed = (await listOf(owner, scriptId)).find((p) => p.id === refused.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'The account reached its publishing limit for today' });
    expect(postsOf(refused.post.caption)).toHaveLength(0);
  }, 60_000);

  it('gives up after the bounded attempts with the last reason', async () => {
    const publication = await storedPublication(owner, youtube, scriptId, { dueAt: Date.now(), attempts: 5 });
    platforms.faultsByCaption.set(publication.post.caption, [{ kind: 'transient' }]);
    expect(await runner({ runner: { maxAttempts: 6 } }).run(publication)).toBe('failed');
    expect((await ledger().get(publication))?.error).toContain('gave up after 6 attempts');
  }, 30_000);
});

describe('the export and the closing of the account', () => {
  it('exports publications without any token or upload session; no answer in this file carried a token', async () => {
    const made = await owner.client.post<AccountExport>('/api/account/export');
    expect(made.status).toBe(200);
    const files = await unzip(Buffer.from(await (await fetch(made.body.url)).arrayBuffer()));
    const listed = JSON.parse(files.get('data/publications.json')?.toString('utf8') ?? 'null') as Record<string, unknown>[];
    expect(listed.length).toBeGreaterThan(3);
    expect(listed[0]).toHaveProperty('platform');
    for (const publication of listed) {
      expect(publication).not.toHaveProperty('checkpoint');
      expect(publication).not.toHaveProperty('leaseOwner');
    }
    for (const [name, bytes] of files) if (name.startsWith('data/')) expect(bytes.toString('utf8'), name).not.toMatch(tokenShapes);
    expect(answers.length).toBeGreaterThan(5);
    for (const answer of answers) expect(answer).not.toMatch(tokenShapes);
    for (const line of logLines) expect(line).not.toMatch(tokenShapes);
  }, 60_000);

  it('closing the account revokes every connected account at the platform and deletes the publications', async () => {
    const revokedBefore = stack.publishing.revocations.length;
    expect((await owner.client.post('/api/account/delete', { password: 'correct horse 1' })).status).toBe(200);
    expect(stack.publishing.revocations.slice(revokedBefore).map((r) => r.platform).sort()).toEqual(['youtube']);
    expect(await ledger().list(owner.id, undefined, 100)).toEqual([]);
  }, 60_000);
});

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
