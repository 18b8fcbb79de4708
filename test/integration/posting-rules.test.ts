import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { ConnectedAccount, Publication, PublishCheckResponse, PublishingPlatform, PublishResponse } from '../../functions/contract/publishing';
import { postingMessages } from '../../functions/contract/publishing';
import type { Script } from '../../functions/contract/scripts';
import type { GenerateVideoResult } from '../../functions/contract/video';
import { DynamoPublications } from '../../functions/adapters/aws/dynamo/publications';
import { postersFor } from '../../functions/compose/posters';
import { publicationRunnerOf } from '../../functions/compose/publications';
import { usePosters } from '../../functions/compose/runtime/posters';
import { newId } from '../../functions/core/ids';
import type { StoredPublication } from '../../functions/core/ports/publications';
import { publicationWorkerAccess } from '../../functions/platform/access';
import { getConfig } from '../../functions/platform/config';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { scriptWithVideo } from './support/finished-script';
import { makeNoisyMp4 } from './support/posting-wire';
import { startTestStack } from './support/stack';

/**
 * Issue 36, defects 1 and 11, against the local stack and its platform sandbox:
 * - the watermark rule is the file's: a video rendered on the free plan records that it carries the
 *   watermark, and stays refused for TikTok after an upgrade (pre-flight, publish and the posting runner,
 *   which automations post through too) until it is rendered again;
 * - the same file is not posted to the same account twice unless the caller says `allowRepost`.
 */
let stack: LocalStack;
let mp4: Buffer;

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  delete process.env.ELEVENLABS_API_KEY;
  stack = await startTestStack({ retryScale: 0.01 });
  usePosters(postersFor(getConfig(), { tiktok: { pollIntervalMs: 50 }, instagram: { pollIntervalMs: 50 } }));
  stack.publishing.configure({ processingPolls: 1 });
  mp4 = await makeNoisyMp4(join(mkdtempSync(join(tmpdir(), 'posting-rules-')), 'video.mp4'), 1);
}, 120_000);

afterAll(async () => {
  usePosters(undefined);
  await stack?.stop();
});

async function connect(user: SignedInUser, platform: PublishingPlatform, sandboxUser: string): Promise<ConnectedAccount> {
  const started = await user.client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const url = new URL(started.body.url);
  url.searchParams.set('consent', 'allow');
  url.searchParams.set('sandbox_user', sandboxUser);
  const consent = await fetch(url, { redirect: 'manual' });
  expect((await user.client.raw(consent.headers.get('location') ?? '')).status).toBe(302);
  const account = (await user.client.get<ConnectedAccount[]>('/api/publishing/accounts')).body.find((a) => a.platform === platform);
  if (!account) throw new Error(`${platform} not connected`);
  return account;
}

async function scriptOf(user: SignedInUser, id: string): Promise<Script> {
  const found = (await user.client.get<Script[]>('/api/scripts')).body.find((script) => script.id === id);
  if (!found) throw new Error(`script ${id} not listed`);
  return found;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const began = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function render(user: SignedInUser, scriptId: string): Promise<Script> {
  const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${scriptId}/generate-video`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const done = await until(
    () => scriptOf(user, scriptId),
    (script) => script.videoGenerationStatus !== 'generating',
  );
  expect(done.videoGenerationStatus, done.videoGenerationError ?? '').toBe('complete');
  return done;
}

describe('a watermarked file is refused for TikTok, whatever the plan is now', () => {
  let user: SignedInUser;
  let tiktok: ConnectedAccount;
  let youtube: ConnectedAccount;
  let script: Script;

  beforeAll(async () => {
    user = await signUpAndIn(stack, 'wmark');
    const created = await user.client.post<Script>('/api/scripts', {
      title: 'Coffee at home',
      scriptContent: 'Grind the beans fresh. Use water just off the boil.',
    });
    expect(created.status).toBe(201);
    // Rendered on the free plan: the file carries "Made with Reelsmith", and the video says so.
    script = await render(user, created.body.id);
  }, 240_000);

  it('records on the video that its file carries the watermark', () => {
    expect(script.videoWatermarked).toBe(true);
  });

  it('after an upgrade, pre-flight and publish still refuse TikTok with the reason and the way out (render again); YouTube is fine', async () => {
    await setProfile(user.id, { subscriptionTier: 'basic' });
    tiktok = await connect(user, 'tiktok', 'wmark.tt');
    youtube = await connect(user, 'youtube', 'wmark.yt');
    const checked = await user.client.post<PublishCheckResponse>(`/api/scripts/${script.id}/publish/check`, {
      targets: [{ accountId: tiktok.id }, { accountId: youtube.id }],
    });
    expect(checked.status).toBe(200);
    expect(checked.body.targets[0]).toMatchObject({
      platform: 'tiktok',
      ok: false,
      problems: [postingMessages.watermarkOnTikTok],
      watermarkFix: 'render-again',
    });
    expect(checked.body.targets[1]).toMatchObject({ platform: 'youtube', ok: true });
    const refused = await user.client.post<{ message: string }>(`/api/scripts/${script.id}/publish`, {
      targets: [{ accountId: tiktok.id, privacy: 'SELF_ONLY' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(postingMessages.watermarkRenderAgain);
    expect(stack.publishing.posts.filter((post) => post.platform === 'tiktok' && post.account === 'wmark.tt')).toHaveLength(0);
  }, 60_000);

  it('the posting runner refuses a TikTok post of a watermarked file (a post queued by anything: card, schedule or automation)', async () => {
    const videoKey = `users/${user.id}/video/${(script.videoUrl ?? '').replace(/^\/api\/video\//, '')}`;
    const now = Date.now();
    const publication: StoredPublication = {
      id: newId(),
      userId: user.id,
      scriptId: script.id,
      accountId: tiktok.id,
      platform: 'tiktok',
      accountName: tiktok.displayName,
      status: 'queued',
      videoKey,
      watermarked: true,
      post: { caption: `runner ${newId()}`, title: 'Runner', privacy: 'SELF_ONLY', madeForKids: false, containsSyntheticMedia: true },
      attempts: 0,
      dueAt: now,
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    };
    const ledger = new DynamoPublications(services().table);
    expect(await ledger.create([publication], '2000-01-01', 1_000)).toBe('created');
    const runner = publicationRunnerOf(
      { entry: 'test:publication-worker', access: publicationWorkerAccess, config: getConfig() },
      { runner: { backoffBaseMs: 50 } },
    );
    // This runner, or the stack's own worker if its sweep got there first: either way it ends failed.
    expect(['failed', 'done', 'busy']).toContain(await runner.run(publication));
    const stored = await until(
      () => ledger.get(publication),
      (found) => found?.status === 'failed' || found?.status === 'published',
      30_000,
    );
    expect(stored?.status).toBe('failed');
    expect(stored?.error).toContain(postingMessages.watermarkOnTikTok);
    expect(stack.publishing.posts.filter((post) => post.caption === publication.post.caption)).toHaveLength(0);
  }, 30_000);

  it('rendered again on the paid plan, the new file has no watermark and TikTok takes it', async () => {
    const again = await render(user, script.id);
    expect(again.videoUrl).not.toBe(script.videoUrl);
    expect(again.videoWatermarked).toBe(false);
    const checked = await user.client.post<PublishCheckResponse>(`/api/scripts/${script.id}/publish/check`, {
      targets: [{ accountId: tiktok.id, privacy: 'SELF_ONLY' }],
    });
    expect(checked.body.targets[0]).toMatchObject({ ok: true, problems: [] });
    expect(checked.body.targets[0]?.watermarkFix).toBeUndefined();
  }, 240_000);
});

describe('the same file is not posted to the same account twice without a word', () => {
  it('answers 409 naming the earlier post, shows it in pre-flight, and posts again only with allowRepost', async () => {
    const user = await signUpAndIn(stack, 'repost');
    await setProfile(user.id, { subscriptionTier: 'pro' });
    const youtube = await connect(user, 'youtube', 'repost.yt');
    const instagram = await connect(user, 'instagram', 'repost.ig');
    const script = await scriptWithVideo(user, mp4);
    const first = await user.client.post<PublishResponse>(`/api/scripts/${script.id}/publish`, { targets: [{ accountId: youtube.id, caption: 'first #yt' }] });
    expect(first.status).toBe(201);
    const earlierId = first.body.publications[0]?.id ?? '';
    await until(
      () => user.client.get<Publication[]>(`/api/publications?scriptId=${script.id}`).then((answer) => answer.body),
      (list) => list.some((p) => p.id === earlierId && p.status === 'published'),
      30_000,
    );

    const checked = await user.client.post<PublishCheckResponse>(`/api/scripts/${script.id}/publish/check`, {
      targets: [{ accountId: youtube.id }, { accountId: instagram.id }],
    });
    expect(checked.body.targets[0]).toMatchObject({ ok: true, alreadyPosted: { publicationId: earlierId, status: 'published' } });
    expect(checked.body.targets[1]?.alreadyPosted).toBeUndefined();

    const refused = await user.client.post<{ message: string; code: string; details: { earlier: { publicationId: string }[] } }>(
      `/api/scripts/${script.id}/publish`,
      {
        targets: [
          { accountId: youtube.id, caption: 'again #yt' },
          { accountId: instagram.id, caption: 'again #ig' },
        ],
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ALREADY_POSTED');
    expect(refused.body.message).toContain(earlierId);
    expect(refused.body.message).toContain(`Already posted to YouTube (${youtube.displayName}) on ${new Date().toISOString().slice(0, 10)}`);
    expect(refused.body.details.earlier.map((earlier) => earlier.publicationId)).toEqual([earlierId]);
    // Nothing was created for either target.
    expect((await user.client.get<Publication[]>(`/api/publications?scriptId=${script.id}`)).body).toHaveLength(1);

    const reposted = await user.client.post<PublishResponse>(`/api/scripts/${script.id}/publish`, {
      targets: [{ accountId: youtube.id, caption: 'again #yt' }],
      allowRepost: true,
    });
    expect(reposted.status).toBe(201);
    const sha256 = createHash('sha256').update(mp4).digest('hex');
    await until(
      () => Promise.resolve(stack.publishing.posts.filter((post) => post.caption === 'again #yt')),
      (posts) => posts.length === 1 && posts[0]?.sha256 === sha256,
      30_000,
    );
  }, 90_000);
});
