import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pipelineTestHooks } from '../../bin/local/handlers';
import type { LocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import type { Script } from '../../functions/contract/scripts';
import type { GenerateVideoResult } from '../../functions/contract/video';
import { services } from '../support/services';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * A finished video is not a dead end: it downloads under its title, and an edited video
 * replaces the old one only when the new one is made — while it renders, and when it fails, the old
 * MP4 and thumbnail stay on the script and playable.
 */
const run = promisify(execFile);
let stack: LocalStack;
let scratch: string;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  stack = await startTestStack({ retryScale: 0.01 });
  scratch = mkdtempSync(join(tmpdir(), 'finished-video-test-'));
});
afterAll(async () => {
  pipelineTestHooks.clear();
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => pipelineTestHooks.clear());

async function colourClip(colour: string): Promise<string> {
  const out = join(scratch, `${colour}.mp4`);
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=320x240:r=25:d=2`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}

async function scriptOf(user: SignedInUser, id: string): Promise<Script> {
  const list = await user.client.get<Script[]>('/api/scripts');
  const found = list.body.find((script) => script.id === id);
  if (!found) throw new Error(`script ${id} not listed`);
  return found;
}

async function untilSettled(user: SignedInUser, id: string, timeoutMs = 120_000): Promise<Script> {
  const began = Date.now();
  for (;;) {
    const script = await scriptOf(user, id);
    if (script.videoGenerationStatus !== 'generating') return script;
    if (Date.now() - began > timeoutMs) throw new Error(`still generating after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Follows a playback path as the player does: the 302, then storage's answer. */
async function follow(user: SignedInUser, path: string): Promise<{ redirect: Response; file: Response }> {
  const redirect = await user.client.raw(path);
  expect(redirect.status, `${path} answers a redirect`).toBe(302);
  const file = await fetch(redirect.headers.get('location') ?? '');
  return { redirect, file };
}

async function storedVideos(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/video/` }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '').sort();
}

const filesOf = (userId: string, script: Script) =>
  [script.thumbnailUrl, script.videoUrl].map((url) => `users/${userId}/video/${(url ?? '').replace(/^\/api\/video\//, '')}`).sort();

describe('a finished video', () => {
  let user: SignedInUser;
  let script: Script;
  let first: Script;

  beforeAll(async () => {
    user = await signUpAndIn(stack, 'finished');
    const path = await colourClip('red');
    await uploadAsset(user.client, { name: 'red.mp4', type: 'video/mp4', bytes: new Uint8Array(await readFile(path)) });
    const created = await user.client.post<Script>('/api/scripts', {
      title: 'Morning Coffee, Done Right! Ça marche',
      scriptContent: 'Coffee first. Then the day.',
    });
    expect(created.status).toBe(201);
    script = created.body;
    const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    first = await untilSettled(user, script.id);
    expect(first.videoGenerationStatus, first.videoGenerationError ?? '').toBe('complete');
    expect(first.thumbnailUrl).toBe(first.videoUrl?.replace(/\.mp4$/, '.jpg'));
  });

  it('downloads as an MP4 named after the title; the thumbnail is an image', async () => {
    const { redirect, file } = await follow(user, `${first.videoUrl}?download=1`);
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="morning-coffee-done-right-ca-marche.mp4"');
    expect(file.headers.get('content-type')).toBe('video/mp4');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');

    // Played, the same file is not an attachment.
    const played = await follow(user, first.videoUrl ?? '');
    expect(played.file.headers.get('content-disposition')).toBeNull();
    await played.file.arrayBuffer();

    // The voice-over downloads under the same name as an MP3.
    const audio = await follow(user, `${first.audioUrl}?download=1`);
    expect(audio.file.headers.get('content-disposition')).toBe('attachment; filename="morning-coffee-done-right-ca-marche.mp3"');
    await audio.file.arrayBuffer();

    const thumbnail = await follow(user, first.thumbnailUrl ?? '');
    expect(thumbnail.file.headers.get('content-type')).toBe('image/jpeg');
    await thumbnail.file.arrayBuffer();

    // Only the MP4 and the MP3 download; a bad flag is a 400; someone else's file is not found.
    expect((await user.client.raw(`${first.thumbnailUrl}?download=1`)).status).toBe(400);
    expect((await user.client.raw(`${first.videoUrl}?download=yes`)).status).toBe(400);
    const other = await signUpAndIn(stack, 'notmine');
    expect((await other.client.raw(`${first.videoUrl}?download=1`)).status).toBe(404);
  });

  it('an edited video keeps the old one playable while it renders and replaces it when it is made', async () => {
    const { handler: synthesize } = await import('../../functions/pipeline/synthesize-audio');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (reached = resolve));
    pipelineTestHooks.replace('synthesize-audio', async (input) => {
      const result = await synthesize(input);
      reached();
      await gate;
      return result;
    });
    // The browser's Edit Video: the video's own segments and captions, one setting changed.
    const segments = first.videoMetadata?.segments ?? [];
    expect(segments.length).toBeGreaterThan(0);
    const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, {
      captionSettings: { style: 'karaoke', word_color: '#00FF00' },
      videoMetadata: { segments, totalDuration: first.videoMetadata?.totalDuration },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.script).toMatchObject({ videoGenerationStatus: 'generating', videoUrl: first.videoUrl, thumbnailUrl: first.thumbnailUrl });
    await running;

    const during = await scriptOf(user, script.id);
    expect(during).toMatchObject({ videoGenerationStatus: 'generating', videoUrl: first.videoUrl, thumbnailUrl: first.thumbnailUrl });
    const playing = await follow(user, first.videoUrl ?? '');
    expect(playing.file.status).toBe(200);
    await playing.file.arrayBuffer();

    release();
    const done = await untilSettled(user, script.id);
    expect(done.videoGenerationStatus, done.videoGenerationError ?? '').toBe('complete');
    expect(done.videoUrl).not.toBe(first.videoUrl);
    expect(done.thumbnailUrl).toBe(done.videoUrl?.replace(/\.mp4$/, '.jpg'));
    expect(done.captionSettings).toMatchObject({ style: 'karaoke', word_color: '#00FF00' });
    expect(done.videoMetadata?.segments.map((segment) => segment.mediaAssetId)).toEqual(segments.map((segment) => segment.mediaAssetId));
    // Now, and only now, the old files are gone.
    expect(await storedVideos(user.id)).toEqual(filesOf(user.id, done));
    expect((await user.client.raw(first.videoUrl ?? '')).status).toBe(404);
    first = done;
  });

  it('a failed re-render keeps the old video and its thumbnail on the script, playable', async () => {
    pipelineTestHooks.fail('render-video', { failures: Number.POSITIVE_INFINITY, message: 'ffmpeg exploded' });
    pipelineTestHooks.fail('render-chunk', { failures: Number.POSITIVE_INFINITY, message: 'ffmpeg exploded' });
    const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, { captionSettings: { style: 'classic' } });
    expect(started.status).toBe(202);
    const after = await untilSettled(user, script.id);
    expect(after).toMatchObject({
      videoGenerationStatus: 'failed',
      videoGenerationError: 'Failed to generate video. Please try again.',
      videoUrl: first.videoUrl,
      thumbnailUrl: first.thumbnailUrl,
      videoGeneratedAt: first.videoGeneratedAt,
    });
    expect(await storedVideos(user.id)).toEqual(filesOf(user.id, first));
    const kept = await follow(user, `${first.videoUrl}?download=1`);
    expect(kept.file.status).toBe(200);
    expect(kept.file.headers.get('content-disposition')).toBe('attachment; filename="morning-coffee-done-right-ca-marche.mp4"');
    await kept.file.arrayBuffer();
  });
});
