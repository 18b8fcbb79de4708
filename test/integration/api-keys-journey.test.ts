import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { CreatedApiKey } from '../../functions/contract/api-keys';
import type { ConnectedAccount, Publication, PublishingPlatform, PublishResponse } from '../../functions/contract/publishing';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult, GenerateVideoResult } from '../../functions/contract/video';
import { postersFor } from '../../functions/compose/posters';
import { usePosters } from '../../functions/compose/runtime/posters';
import { getConfig } from '../../functions/platform/config';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { KeyClient } from './support/key-client';
import { startTestStack } from './support/stack';

/**
 * What other software does with a key, end to end on the local stack: with a write key and no cookie,
 * write a script, make its voice-over and its video (the real pipeline: voice, shots, ffmpeg), then with
 * a publish key post it to the sandbox's YouTube and Instagram and read the publications until they are
 * published. Only connecting the platform accounts is the cookie session's (no key may do it).
 */
let stack: LocalStack;
const chunk = 256 * 1024;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  process.env.PUBLISH_RETRY_BASE_MS = '50';
  stack = await startTestStack({ retryScale: 0.01 });
  usePosters(postersFor(getConfig(), { tiktok: { chunkBytes: chunk, pollIntervalMs: 50 }, youtube: { chunkBytes: chunk }, instagram: { pollIntervalMs: 50 } }));
  stack.publishing.configure({ tiktokMinChunkBytes: chunk, processingPolls: 1 });
}, 120_000);

afterAll(async () => {
  usePosters(undefined);
  await stack?.stop();
});

async function connect(user: SignedInUser, platform: PublishingPlatform): Promise<ConnectedAccount> {
  const started = await user.client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, {});
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  url.searchParams.set('consent', 'allow');
  url.searchParams.set('sandbox_user', `${user.username}.${platform}`);
  const consent = await fetch(url, { redirect: 'manual' });
  expect((await user.client.raw(consent.headers.get('location') ?? '')).status).toBe(302);
  const account = (await user.client.get<ConnectedAccount[]>('/api/publishing/accounts')).body.find((candidate) => candidate.platform === platform);
  if (!account) throw new Error(`${platform} not connected`);
  return account;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const began = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a script with a key, no cookie', () => {
  it('writes a script, voices it, renders its video, posts it to YouTube and Instagram and reads the publications', async () => {
    const user = await signUpAndIn(stack, 'keyjourney');
    await setProfile(user.id, { subscriptionTier: 'pro' });
    const youtube = await connect(user, 'youtube');
    const instagram = await connect(user, 'instagram');
    const writeKey = (await user.client.post<CreatedApiKey>('/api/api-keys', { name: 'automation', scopes: ['read', 'write'] })).body;
    const publishKey = (await user.client.post<CreatedApiKey>('/api/api-keys', { name: 'poster', scopes: ['read', 'publish'] })).body;
    const writer = new KeyClient(stack.url, writeKey.key);
    const poster = new KeyClient(stack.url, publishKey.key);

    const created = await writer.post<Script>('/api/scripts', {
      title: 'Morning focus',
      scriptContent: 'Start with water. Then ten quiet minutes. Then the hardest task first.',
      postCaption: 'Three steps to a focused morning #focus #morning #habits #routine #productivity #tips',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scriptId = created.body.id;

    const voiced = await writer.post<ConvertToAudioResult>(`/api/scripts/${scriptId}/convert-to-audio`, {});
    expect(voiced.status, JSON.stringify(voiced.body)).toBe(200);
    expect(voiced.body.script.audioGenerationStatus).toBe('complete');

    const started = await writer.post<GenerateVideoResult>(`/api/scripts/${scriptId}/generate-video`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const finished = await until(
      async () => (await writer.get<Script[]>('/api/scripts')).body.find((script) => script.id === scriptId),
      (script) => script?.videoGenerationStatus !== 'generating',
      180_000,
    );
    expect(finished?.videoGenerationStatus, finished?.videoGenerationError ?? '').toBe('complete');
    expect(finished?.videoUrl).toMatch(/^\/api\/video\//);
    // The video plays for the key too (a presigned redirect).
    const video = await writer.get(finished?.videoUrl ?? '');
    expect(video.status).toBe(302);

    // The write key cannot post; the publish key can.
    const targets = [
      { accountId: youtube.id, title: 'Morning focus', caption: 'posted by key #yt' },
      { accountId: instagram.id, caption: 'posted by key #ig' },
    ];
    expect((await writer.post(`/api/scripts/${scriptId}/publish`, { targets })).status).toBe(403);
    const checked = await poster.post<{ targets: { ok: boolean }[] }>(`/api/scripts/${scriptId}/publish/check`, { targets });
    expect(checked.status).toBe(200);
    expect(checked.body.targets.every((target) => target.ok)).toBe(true);
    const published = await poster.post<PublishResponse>(`/api/scripts/${scriptId}/publish`, { targets });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.publications.map((p) => p.platform).sort()).toEqual(['instagram', 'youtube']);

    const done = await until(
      async () => (await poster.get<Publication[]>(`/api/publications?scriptId=${scriptId}`)).body,
      (list) => list.length === 2 && list.every((p) => p.status === 'published'),
      60_000,
    );
    for (const publication of done) expect(publication.postUrl).toMatch(new RegExp(`^${stack.publishing.url}/${publication.platform}/.`));
    expect(stack.publishing.posts.filter((post) => post.caption === 'posted by key #yt')).toHaveLength(1);
    expect(stack.publishing.posts.filter((post) => post.caption === 'posted by key #ig')).toHaveLength(1);
  }, 300_000);
});
