import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { MetricTotal } from '../../bin/local/dev-metrics';
import type { AccountExport } from '../../functions/contract/account';
import type { ConnectedAccount, Publication, PublishCheckResponse, PublishingPlatform, PublishResponse } from '../../functions/contract/publishing';
import { postingMessages } from '../../functions/contract/publishing';
import { DynamoPublications } from '../../functions/adapters/aws/dynamo/publications';
import type { StoredPublication } from '../../functions/core/ports/publications';
import { newId } from '../../functions/core/ids';
import { publicationWorkerAccess } from '../../functions/platform/access';
import { postersFor } from '../../functions/compose/posters';
import { publicationRunnerOf } from '../../functions/compose/publications';
import { postingVideoOf } from '../../functions/adapters/providers/publishing/stored-posting-video';
import { S3ObjectStore } from '../../functions/adapters/aws/s3-object-store';
import type { PostingCheckpoint } from '../../functions/core/ports/posting';
import { usePosters } from '../../functions/compose/runtime/posters';
import { getConfig } from '../../functions/platform/config';
import { setLogSink } from '../../functions/platform/observability/logging';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { scriptWithVideo } from './support/finished-script';
import { makeNoisyMp4 } from './support/posting-wire';
import { startTestStack } from './support/stack';
import { unzip } from './support/zip';

/**
 * The publishing ledger against the local stack, with the real posters talking to the stack's platform
 * sandbox (its record of posts is what "posted once" is counted from; its faults are the failures):
 * publishing to two accounts, the list, cancelling a scheduled post and the 409 after
 * it started, tenancy (404 on every route), no token in any answer or the export, the posts per day limit
 * under a race, a double run posting once, a crashed run (its lease ended) resuming from its checkpoint,
 * transient failures retried and permanent ones reported.
 */
let stack: LocalStack;
const chunk = 256 * 1024;
let mp4: Buffer;
const answers: string[] = [];
const logLines: string[] = [];
const tokenShapes = /act\.|rft\.|ya29\.sbx|1\/\/sbx|IGQWsbx|sbxcode_|4\/0sbx/;

beforeAll(async () => {
  process.env.PUBLISH_RETRY_BASE_MS = '50';
  stack = await startTestStack();
  // The real posters pointed at the sandbox, with chunks the sandbox is told to take and quick polls.
  usePosters(postersFor(getConfig(), { tiktok: { chunkBytes: chunk, pollIntervalMs: 50 }, youtube: { chunkBytes: chunk }, instagram: { pollIntervalMs: 50 } }));
  stack.publishing.configure({ tiktokMinChunkBytes: chunk, processingPolls: 1 });
  process.env.LOG_LEVEL = 'debug';
  setLogSink((line) => logLines.push(line));
  // A real MP4 of several 256 KiB chunks.
  mp4 = await makeNoisyMp4(join(mkdtempSync(join(tmpdir(), 'publications-')), 'video.mp4'), 1);
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
  publicationRunnerOf(
    { entry: 'test:publication-worker', access: publicationWorkerAccess, config: getConfig() },
    { runner: { backoffBaseMs: 50, ...options.runner }, ...options },
  );

/** A publication written straight into the ledger (not handed to the queue), as a run would find it. */
async function storedPublication(
  user: SignedInUser,
  account: ConnectedAccount,
  scriptId: string,
  fields: Partial<StoredPublication> = {},
): Promise<StoredPublication> {
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

/** What the sandbox itself recorded as posted with that caption (each test's captions are its own). */
const postsOf = (caption: string) => stack.publishing.posts.filter((post) => post.caption === caption);

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
    const checked = await owner.client.post<PublishCheckResponse>(`/api/scripts/${scriptId}/publish/check`, {
      targets: [{ accountId: youtube.id }, { accountId: instagram.id, privacy: 'friends' }],
    });
    answers.push(JSON.stringify(checked.body));
    expect(checked.status).toBe(200);
    expect(checked.body.targets[0]).toMatchObject({ accountId: youtube.id, ok: true, problems: [], privacyOptions: ['public', 'unlisted', 'private'] });
    expect(checked.body.targets[1]).toMatchObject({ ok: false, problems: [postingMessages.privacyNotOffered('friends')] });
    const refused = await owner.client.post<{ error: string }>(`/api/scripts/${scriptId}/publish`, {
      targets: [{ accountId: youtube.id }, { accountId: instagram.id, privacy: 'friends' }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(`Instagram (${instagram.displayName})`);
    expect(await listOf(owner, scriptId)).toEqual([]);
  }, 30_000);

  it('publishes to two accounts at once: each queued, then published with a link, each posted once', async () => {
    const published = async (platform: string) => {
      const { metrics } = (await (await fetch(`${stack.url}/dev/metrics`)).json()) as { metrics: MetricTotal[] };
      return metrics.find((metric) => metric.name === 'PostsPublished' && metric.dimensions.platform === platform)?.sum ?? 0;
    };
    const before = { youtube: await published('youtube'), instagram: await published('instagram') };
    const made = await owner.client.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, {
      targets: [
        { accountId: youtube.id, title: 'Mornings', caption: 'two accounts #yt' },
        { accountId: instagram.id, caption: 'two accounts #ig' },
      ],
    });
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
    const sha256 = createHash('sha256').update(mp4).digest('hex');
    for (const [caption, platform, user] of [
      ['two accounts #yt', 'youtube', 'owner.yt'],
      ['two accounts #ig', 'instagram', 'owner.ig'],
    ] as const) {
      const posts = postsOf(caption);
      expect(posts).toHaveLength(1);
      // The whole file, byte for byte (YouTube's in 256 KiB chunks), on the account chosen.
      expect(posts[0]).toMatchObject({ platform, account: user, bytes: mp4.byteLength, sha256 });
      expect(listed.find((p) => p.platform === platform)?.postUrl).toMatch(new RegExp(`^${stack.publishing.url}/${platform}/.`));
      // Counted once per post, by platform (/dev/metrics sums the EMF lines).
      expect((await published(platform)) - before[platform]).toBe(1);
    }
  }, 30_000);

  it('schedules a post, cancels it (204), and answers 409 for one that started', async () => {
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const made = await owner.client.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, {
      targets: [{ accountId: youtube.id }],
      scheduledAt,
      allowRepost: true,
    });
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
    const made = await owner.client.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, {
      targets: [{ accountId: instagram.id, caption: 'at its time' }],
      scheduledAt,
      allowRepost: true,
    });
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
        user.client.post<PublishResponse>(`/api/scripts/${script}/publish`, {
          targets: [{ accountId: account.id, caption: `race ${i}` }],
          scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
          allowRepost: true,
        }),
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
    const caption = `crashed ${newId()}`;
    const post = { caption, title: 'Crashed', privacy: 'private', madeForKids: false, containsSyntheticMedia: true };
    // A real first attempt at the sandbox that dies after two chunks went up (its process gone): the
    // session and the checkpoint are the platform's own.
    const config = getConfig();
    const store = new S3ObjectStore(services().s3, { bucket: config.MEDIA_BUCKET, region: config.AWS_REGION, endpoint: config.S3_ENDPOINT });
    const video = await postingVideoOf(store, `users/${owner.id}/video/${scriptId}-run1.mp4`, 1);
    if (!video) throw new Error('the video is not in the bucket');
    const grant = stack.publishing.grantFor('youtube', 'owner.yt');
    let saved: PostingCheckpoint | undefined;
    const crash = new Error('the process died');
    const hooks = {
      progress: () => Promise.resolve(),
      sleep: () => Promise.resolve(),
      checkpoint: (checkpoint: PostingCheckpoint) => {
        saved = structuredClone(checkpoint);
        return checkpoint.platform === 'youtube' && checkpoint.bytesDone >= 2 * chunk ? Promise.reject(crash) : Promise.resolve();
      },
    };
    await expect(
      postersFor(config, { youtube: { chunkBytes: chunk } }).youtube.post(
        { accessToken: grant.accessToken, providerUserId: grant.providerUserId, video, post },
        hooks,
      ),
    ).rejects.toBe(crash);
    expect(saved).toMatchObject({ platform: 'youtube', stage: 'initialised', bytesDone: 2 * chunk });
    const checkpoint = saved;
    const ended = Date.now() - 1_000;
    const publication = await storedPublication(owner, youtube, scriptId, {
      status: 'uploading',
      attempts: 1,
      leaseOwner: 'dead-process',
      leaseUntil: ended,
      dueAt: ended,
      post,
      ...(checkpoint ? { checkpoint } : {}),
      progress: 20,
    });
    // The stack's sweep finds it (due since its lease ended) and its worker resumes it.
    const done = await until(
      () => ledger().get(publication),
      (p) => p?.status === 'published',
    );
    expect(done?.attempts).toBe(2);
    const posts = postsOf(caption);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.sha256).toBe(createHash('sha256').update(mp4).digest('hex'));
    // Resumed in the same session: the two chunks already there were not sent again.
    const session = checkpoint?.platform === 'youtube' ? new URL(checkpoint.sessionUri).searchParams.get('upload_id') : null;
    expect(session).toBeTruthy();
    expect(stack.publishing.bytesReceived.get(session ?? '')).toBe(mp4.byteLength);
  }, 30_000);

  it('a run held by a live lease is left alone; after a restart the local worker takes it over at once', async () => {
    const publication = await storedPublication(owner, youtube, scriptId, {
      status: 'uploading',
      attempts: 1,
      leaseOwner: 'previous-process',
      leaseUntil: Date.now() + 60_000,
      dueAt: Date.now() + 60_000,
    });
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
    // The sandbox answers the session's start with a 429 (Retry-After: 1) and then a 503.
    stack.publishing.inject({ point: 'youtube.init', kind: 'rate_limit', retryAfterSeconds: 1 });
    stack.publishing.inject({ point: 'youtube.init', kind: 'unavailable' });
    const started = Date.now();
    expect(await runner().run(retried)).toBe('retrying');
    const stored = await ledger().get(retried);
    expect(stored).toMatchObject({ status: 'queued' });
    expect(stored?.error).toMatch(/^Too many requests\. \(YouTube: \w+\)$/);
    expect(stored?.dueAt ?? 0).toBeGreaterThanOrEqual(started + 1_000);
    const done = await until(
      () => ledger().get(retried),
      (p) => p?.status === 'published',
    );
    expect(done?.attempts).toBe(3);
    expect(stack.publishing.pendingFaults()).toEqual([]);
    expect(postsOf(retried.post.caption)).toHaveLength(1);

    const refused = await storedPublication(owner, instagram, scriptId, { dueAt: Date.now() });
    // Instagram's media_publish answers 2207042 (the account's publishing limit for the day).
    stack.publishing.inject({ point: 'instagram.publish', kind: 'publishing_limit' });
    expect(await runner().run(refused)).toBe('failed');
    const failed = (await listOf(owner, scriptId)).find((p) => p.id === refused.id);
    expect(failed).toMatchObject({ status: 'failed', error: `${postingMessages.platformCap} (Instagram: 2207042)` });
    expect(postsOf(refused.post.caption)).toHaveLength(0);
  }, 60_000);

  it('a TikTok chunk answered 500 is sent again and the post made once, whole', async () => {
    const tiktokOwner = await signUpAndIn(stack, 'chunky');
    await setProfile(tiktokOwner.id, { subscriptionTier: 'pro' });
    const tiktok = await connect(tiktokOwner, 'tiktok', 'chunky.tt');
    const script = (await scriptWithVideo(tiktokOwner, mp4)).id;
    const publication = await storedPublication(tiktokOwner, tiktok, script, {
      dueAt: Date.now(),
      post: { caption: `chunk ${newId()}`, title: 'Chunk', privacy: 'SELF_ONLY', madeForKids: false, containsSyntheticMedia: true },
    });
    stack.publishing.inject({ point: 'tiktok.chunk', kind: 'server_error', after: 1 });
    await runner().run(publication);
    const done = await until(
      () => ledger().get(publication),
      (p) => p?.status === 'published' || p?.status === 'failed',
    );
    expect(done?.status).toBe('published');
    expect(stack.publishing.pendingFaults()).toEqual([]);
    const posts = postsOf(publication.post.caption);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ platform: 'tiktok', bytes: mp4.byteLength, sha256: createHash('sha256').update(mp4).digest('hex') });
  }, 30_000);

  it('gives up after the bounded attempts with the last reason', async () => {
    const publication = await storedPublication(owner, youtube, scriptId, { dueAt: Date.now(), attempts: 5 });
    stack.publishing.inject({ point: 'youtube.init', kind: 'unavailable' });
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
    expect(
      stack.publishing.revocations
        .slice(revokedBefore)
        .map((r) => r.platform)
        .sort(),
    ).toEqual(['youtube']);
    expect(await ledger().list(owner.id, undefined, 100)).toEqual([]);
  }, 60_000);
});
