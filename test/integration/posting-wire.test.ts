import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InstagramPoster } from '../../functions/adapters/providers/publishing/instagram-poster';
import { TikTokPoster } from '../../functions/adapters/providers/publishing/tiktok-poster';
import { YouTubePoster } from '../../functions/adapters/providers/publishing/youtube-poster';
import { postingMessages } from '../../functions/contract/rules/posting';
import { PostingError, type PostingCheckpoint, type PostingRequest } from '../../functions/core/ports/posting';
import { postersFor } from '../../functions/compose/posters';
import { postDetails, recordingHooks, startPostingBench, type PostingBench } from './support/posting-wire';

/**
 * The posting wire: the three PlatformPosters against the platform sandbox's real endpoints,
 * a real MP4 read in ranges from s3rver. Chunks are 256 KiB (YouTube's quantum; the sandbox is told to take
 * TikTok chunks that small), so the 2 MB video goes in several. Each failure is injected at the sandbox.
 */
let bench: PostingBench;
const chunk = 256 * 1024;

beforeAll(async () => {
  bench = await startPostingBench();
}, 120_000);

afterAll(async () => {
  await bench?.stop();
});

beforeEach(() => {
  bench.sandbox.configure({ tiktokMinChunkBytes: chunk, processingPolls: 1, tiktokDailyCap: 15, instagramQuota: 100, containerLifetimeMs: 24 * 3600 * 1000 });
});

function posters() {
  return postersFor(bench.sandbox.env, {
    tiktok: { chunkBytes: chunk, pollIntervalMs: 5 },
    youtube: { chunkBytes: chunk },
    instagram: { pollIntervalMs: 5, maxPolls: 1_000 },
  });
}

function requestFor(platform: 'tiktok' | 'youtube' | 'instagram', user: string, privacy: string, resume?: PostingCheckpoint): PostingRequest {
  const grant = bench.sandbox.grantFor(platform, user);
  return {
    accessToken: grant.accessToken,
    providerUserId: grant.providerUserId,
    video: bench.video,
    post: postDetails(privacy),
    ...(resume ? { resume } : {}),
  };
}

async function failure(promise: Promise<unknown>): Promise<PostingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PostingError);
  return error as PostingError;
}

const postsOf = (user: string) => bench.sandbox.posts.filter((post) => post.account === user);

describe('TikTok', () => {
  it('uploads in chunks, resumes after a failed chunk from the checkpoint without sending done chunks again, and posts once', async () => {
    const user = 'tt.chunks';
    const { tiktok } = posters();
    const request = requestFor('tiktok', user, 'PUBLIC_TO_EVERYONE');
    bench.sandbox.inject({ point: 'tiktok.chunk', kind: 'server_error', after: 3 });
    const first = recordingHooks();
    const error = await failure(tiktok.post(request, first));
    expect(error).toMatchObject({ permanent: false, restart: false });
    const saved = first.last();
    expect(saved).toMatchObject({ platform: 'tiktok', stage: 'initialised', chunksDone: 3, chunkSize: chunk, chunkCount: Math.floor(bench.sizeBytes / chunk) });
    expect(postsOf(user)).toHaveLength(0);

    const second = recordingHooks();
    const published = await tiktok.post({ ...request, resume: saved }, second);
    const made = postsOf(user);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ sha256: bench.sha256, bytes: bench.sizeBytes, privacy: 'PUBLIC_TO_EVERYONE', caption: 'A test post #reelsmith' });
    expect(published.postId).toBe(made[0]?.postId);
    expect(published.postUrl).toBe(`${bench.sandbox.env.TIKTOK_BASE_URL}/@tt.chunks/video/${made[0]?.postId}`);
    // Three chunks once, the failed fourth twice, the rest once.
    const publishId = saved?.platform === 'tiktok' ? saved.publishId : '';
    expect(bench.sandbox.bytesReceived.get(publishId)).toBe(bench.sizeBytes + chunk);
    expect(second.last()).toMatchObject({ stage: 'uploaded' });
    expect(second.progress.calls.at(-1)).toEqual({ stage: 'processing' });
    // The post link lands on the sandbox's page, which plays the video.
    const page = await fetch(published.postUrl);
    expect(page.url).toContain('/posts');
    expect(await page.text()).toContain(`/posts/video/${published.postId}`);
  });

  it('a resumed upload that was already complete is polled, not sent again, and posts once', async () => {
    const user = 'tt.complete';
    const { tiktok } = posters();
    const request = requestFor('tiktok', user, 'SELF_ONLY');
    const hooks = recordingHooks();
    const published = await tiktok.post(request, hooks);
    // The attempt "died" after the last PUT, before its checkpoint: the one before the last chunk is what was saved.
    const beforeLast = hooks.checkpoints.filter((c) => c.stage === 'initialised').at(-1);
    const again = await tiktok.post({ ...request, resume: beforeLast }, recordingHooks());
    expect(postsOf(user)).toHaveLength(1);
    expect(again.postId).toBe(published.postId);
    // SELF_ONLY posts get no public id: the link is the profile.
    expect(published.postUrl).toBe(`${bench.sandbox.env.TIKTOK_BASE_URL}/@tt.complete`);
    expect(bench.sandbox.bytesReceived.get(beforeLast?.platform === 'tiktok' ? beforeLast.publishId : '')).toBe(bench.sizeBytes);
  });

  it('a 429 carries Retry-After; spam_risk_too_many_posts is permanent; the cap shows in options', async () => {
    const { tiktok } = posters();
    const request = requestFor('tiktok', 'tt.limits', 'PUBLIC_TO_EVERYONE');
    bench.sandbox.inject({ point: 'tiktok.init', kind: 'rate_limit', retryAfterSeconds: 7 });
    expect(await failure(tiktok.post(request, recordingHooks()))).toMatchObject({ code: 'rate_limit_exceeded', permanent: false, retryAfterMs: 7000 });
    bench.sandbox.inject({ point: 'tiktok.init', kind: 'spam_cap' });
    expect(await failure(tiktok.post(request, recordingHooks()))).toMatchObject({
      code: 'spam_risk_too_many_posts',
      permanent: true,
      message: postingMessages.platformCap,
    });
    expect(postsOf('tt.limits')).toHaveLength(0);
    expect(await tiktok.options(request.accessToken, request.providerUserId)).toMatchObject({
      privacyOptions: expect.arrayContaining(['SELF_ONLY', 'PUBLIC_TO_EVERYONE']),
      maxDurationSeconds: 600,
    });
    bench.sandbox.configure({ tiktokDailyCap: 0 });
    expect(await tiktok.options(request.accessToken, request.providerUserId)).toMatchObject({ blockedReason: postingMessages.platformCap });
  });

  it('an expired upload URL restarts; a privacy the account lacks and a refused file are permanent', async () => {
    const { tiktok } = posters();
    const request = requestFor('tiktok', 'tt.expiry', 'SELF_ONLY');
    bench.sandbox.inject({ point: 'tiktok.chunk', kind: 'expired', after: 1 });
    expect(await failure(tiktok.post(request, recordingHooks()))).toMatchObject({ code: 'upload_url_expired', permanent: false, restart: true });
    expect(await failure(tiktok.post({ ...request, post: postDetails('FRIENDS_ONLY') }, recordingHooks()))).toMatchObject({
      code: 'privacy_level_option_mismatch',
      permanent: true,
    });
    bench.sandbox.inject({ point: 'tiktok.status', kind: 'format' });
    expect(await failure(tiktok.post(request, recordingHooks()))).toMatchObject({ code: 'file_format_check_failed', permanent: true });
    expect(postsOf('tt.expiry')).toHaveLength(0);
  });
});

describe('YouTube', () => {
  it('a session answering 308, then 503, is resumed from its Range and completes once', async () => {
    const user = 'yt.resume';
    const { youtube } = posters();
    const request = requestFor('youtube', user, 'unlisted');
    bench.sandbox.inject({ point: 'youtube.chunk', kind: 'unavailable', after: 2 });
    const first = recordingHooks();
    expect(await failure(youtube.post(request, first))).toMatchObject({ code: 'backendError', permanent: false, restart: false });
    const saved = first.last();
    expect(saved).toMatchObject({ platform: 'youtube', stage: 'initialised', bytesDone: 2 * chunk });
    const second = recordingHooks();
    const published = await youtube.post({ ...request, resume: saved }, second);
    const made = postsOf(user);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ sha256: bench.sha256, title: 'A test post', privacy: 'unlisted' });
    expect(published).toEqual({ postId: made[0]?.postId, postUrl: `${bench.sandbox.env.YOUTUBE_BASE_URL}/shorts/${made[0]?.postId}` });
    expect(second.last()).toMatchObject({ stage: 'uploaded', videoId: published.postId, bytesDone: bench.sizeBytes });
    const session = saved?.platform === 'youtube' ? (new URL(saved.sessionUri).searchParams.get('upload_id') ?? '') : '';
    expect(bench.sandbox.bytesReceived.get(session)).toBe(bench.sizeBytes + chunk);
  });

  it('a resume of a session already complete answers the video and uploads nothing', async () => {
    const user = 'yt.complete';
    const { youtube } = posters();
    const request = requestFor('youtube', user, 'private');
    const hooks = recordingHooks();
    const published = await youtube.post(request, hooks);
    const beforeLast = hooks.checkpoints.filter((c) => c.stage === 'initialised').at(-1);
    const again = await youtube.post({ ...request, resume: beforeLast }, recordingHooks());
    expect(again).toEqual(published);
    expect(postsOf(user)).toHaveLength(1);
  });

  it('quotaExceeded and uploadLimitExceeded are permanent; a 429 honours Retry-After; an expired session restarts', async () => {
    const { youtube } = posters();
    const request = requestFor('youtube', 'yt.errors', 'public');
    bench.sandbox.inject({ point: 'youtube.init', kind: 'quota' });
    expect(await failure(youtube.post(request, recordingHooks()))).toMatchObject({ code: 'quotaExceeded', permanent: true });
    bench.sandbox.inject({ point: 'youtube.init', kind: 'upload_limit' });
    expect(await failure(youtube.post(request, recordingHooks()))).toMatchObject({ code: 'uploadLimitExceeded', permanent: true });
    bench.sandbox.inject({ point: 'youtube.chunk', kind: 'rate_limit', retryAfterSeconds: 3 });
    expect(await failure(youtube.post(request, recordingHooks()))).toMatchObject({ code: 'rateLimitExceeded', permanent: false, retryAfterMs: 3000 });
    bench.sandbox.inject({ point: 'youtube.chunk', kind: 'expired', after: 1 });
    const hooks = recordingHooks();
    await failure(youtube.post(request, hooks));
    expect(await failure(youtube.post({ ...request, resume: hooks.last() }, recordingHooks()))).toMatchObject({ permanent: false, restart: true });
    expect(postsOf('yt.errors')).toHaveLength(0);
  });
});

describe('Instagram', () => {
  it('the sandbox fetches our URL; a container that expires is replaced and the Reel is published once with its permalink', async () => {
    const user = 'ig.expiry';
    const { instagram } = posters();
    const request = requestFor('instagram', user, 'public');
    bench.sandbox.inject({ point: 'instagram.status', kind: 'expired' });
    const hooks = recordingHooks();
    const published = await instagram.post(request, hooks);
    const containers = new Set(hooks.checkpoints.map((c) => (c.platform === 'instagram' ? c.containerId : '')));
    expect(containers.size).toBe(2);
    const made = postsOf(user);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ sha256: bench.sha256, caption: 'A test post #reelsmith' });
    expect(published.postId).toBe(made[0]?.postId);
    expect(published.postUrl).toMatch(new RegExp(`^${bench.sandbox.env.INSTAGRAM_BASE_URL}/reel/[\\w-]+/$`));
    expect(hooks.last()).toMatchObject({ stage: 'uploaded', mediaId: published.postId });
  });

  it('a container published by an attempt that died is never published again', async () => {
    const user = 'ig.once';
    const { instagram } = posters();
    const request = requestFor('instagram', user, 'public');
    const hooks = recordingHooks();
    await instagram.post(request, hooks);
    const beforePublish = hooks.checkpoints.find((c) => c.stage === 'uploaded' && c.platform === 'instagram' && !c.mediaId);
    const again = await instagram.post({ ...request, resume: beforePublish }, recordingHooks());
    expect(postsOf(user)).toHaveLength(1);
    expect(again.postUrl).toBe(`${bench.sandbox.env.INSTAGRAM_BASE_URL}/ig.once/`);
  });

  it('a container expired at media_publish restarts; the publishing limit (2207042) is permanent and shows in options', async () => {
    const user = 'ig.limits';
    const { instagram } = posters();
    const request = requestFor('instagram', user, 'public');
    bench.sandbox.inject({ point: 'instagram.publish', kind: 'expired' });
    expect(await failure(instagram.post(request, recordingHooks()))).toMatchObject({ code: '2207008', permanent: false, restart: true });
    bench.sandbox.inject({ point: 'instagram.publish', kind: 'publishing_limit' });
    expect(await failure(instagram.post(request, recordingHooks()))).toMatchObject({ code: '2207042', permanent: true, message: postingMessages.platformCap });
    expect(postsOf(user)).toHaveLength(0);
    expect(await instagram.options(request.accessToken, request.providerUserId)).toEqual({ privacyOptions: ['public'], maxDurationSeconds: 900 });
    bench.sandbox.configure({ instagramQuota: 0 });
    expect(await instagram.options(request.accessToken, request.providerUserId)).toMatchObject({ blockedReason: postingMessages.platformCap });
  });

  it('a file that is not a video fails permanently with 2207026', async () => {
    const { instagram } = posters();
    const request = requestFor('instagram', 'ig.format', 'public');
    const notVideo = { ...bench.video, publicUrl: () => Promise.resolve(`${bench.sandbox.url}/posts`) };
    expect(await failure(instagram.post({ ...request, video: notVideo }, recordingHooks()))).toMatchObject({ code: '2207026', permanent: true });
  });
});

describe('the sandbox over HTTP', () => {
  it('takes faults by POST /__sandbox/faults and lists posts on /posts', async () => {
    const answer = await fetch(`${bench.sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ point: 'youtube.init', kind: 'unavailable', times: 2 }),
    });
    expect(answer.status).toBe(200);
    const youtube = new YouTubePoster(bench.sandbox.env.YOUTUBE_BASE_URL, { chunkBytes: chunk });
    const request = requestFor('youtube', 'yt.http', 'public');
    expect(await failure(youtube.post(request, recordingHooks()))).toMatchObject({ permanent: false });
    expect(await failure(youtube.post(request, recordingHooks()))).toMatchObject({ permanent: false });
    await youtube.post(request, recordingHooks());
    expect(bench.sandbox.pendingFaults()).toEqual([]);
    const page = await (await fetch(`${bench.sandbox.url}/posts`)).text();
    expect(page).toContain('yt.http');
    const bad = await fetch(`${bench.sandbox.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ point: 'nowhere', kind: 'unavailable' }) });
    expect(bad.status).toBe(400);
    // The classes are what postersFor builds.
    expect(posters().tiktok).toBeInstanceOf(TikTokPoster);
    expect(posters().instagram).toBeInstanceOf(InstagramPoster);
  });
});
