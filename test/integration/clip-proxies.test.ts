import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoMediaAssetRepository } from '../../functions/adapters/aws/dynamo/media-assets';
import { assetEntity } from '../../functions/adapters/aws/dynamo/media-entities';
import { ffmpegPath, ffprobePath } from '../../functions/adapters/ffmpeg/binaries';
import { makeFootageProxy } from '../../functions/adapters/ffmpeg/footage-proxy';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import type { AccountExport } from '../../functions/contract/account';
import type { PublicAsset } from '../../functions/contract/media';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult, VideoPreviewResult } from '../../functions/contract/video';
import { objectKeys } from '../../functions/core/files/bucket-layout';
import { makeMedia, type MediaFile } from '../support/media-files';
import { services } from '../support/services';
import { objectExists, objectsOf } from './support/bucket';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';
import { handler as clipProxyJob } from '../../functions/jobs/clip-proxies';
import { localQueueIdle } from '../../functions/compose/runtime/local-queues';

/**
 * The preview is the video: each uploaded clip gets a small proxy copy beside it, which the
 * settings preview (and draft renders) read instead of the original; it goes with the asset, stays out of
 * the export and is never another user's to read.
 */
let stack: LocalStack;
let dir: string;
let landscape: MediaFile;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY; // the offline voice
  // The upload copies at most 5 s of 720p25 (the clips here) within its request (20 s of 1080p30 by
  // default), so a short clip stands for a long one: 4 s is copied within the request, 6 s is not.
  process.env.UPLOAD_PROXY_MAX_PIXEL_FRAMES = String(1280 * 720 * 25 * 5);
  stack = await startTestStack();
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-proxies-test-'));
  landscape = await makeMedia(dir, 'mp4', { name: 'Harbour at dawn', size: '1280x720', seconds: 4 });
}, 120_000);
afterAll(async () => {
  delete process.env.UPLOAD_PROXY_MAX_PIXEL_FRAMES;
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const run = (binary: string, args: string[]) => runTool(binary, args, { timeoutMs: 30_000, maxOutputBytes: 4 << 20 });

async function download(key: string, name: string): Promise<string> {
  const { s3, config } = services();
  const object = await s3.send(new GetObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: key }));
  const path = join(dir, name);
  await writeFile(path, await object.Body!.transformToByteArray());
  return path;
}

interface Probe {
  streams: { codec_type: string; width?: number; height?: number }[];
}

async function probe(path: string): Promise<Probe> {
  const { stdout } = await run(ffprobePath(), ['-v', 'error', '-show_streams', '-of', 'json', path]);
  return JSON.parse(stdout.toString('utf8')) as Probe;
}

/** The mean colour of a video's frame at `seconds` (red, green, blue). */
async function meanColour(path: string, seconds: number): Promise<[number, number, number]> {
  const { stdout } = await run(ffmpegPath(), [
    '-v',
    'error',
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'scale=1:1:flags=area',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  return [stdout[0] ?? 0, stdout[1] ?? 0, stdout[2] ?? 0];
}

function expectRed([r, g, b]: [number, number, number]): void {
  expect(r, `mean colour ${r},${g},${b}`).toBeGreaterThan(150);
  expect(g, `mean colour ${r},${g},${b}`).toBeLessThan(90);
  expect(b, `mean colour ${r},${g},${b}`).toBeLessThan(90);
}

const harbour = 'The harbour wakes up slowly at dawn.';

/** Puts a plain red clip of the proxy's size in the proxy's place: red in a picture can only come from it. */
async function replaceWithRed(proxyKey: string, name: string, frameRate: number, seconds: number): Promise<void> {
  const red = join(dir, name);
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=red:s=1136x640:r=${frameRate}`,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    red,
  ]);
  const { s3, config } = services();
  await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: proxyKey, Body: await readFile(red), ContentType: 'video/mp4' }));
}

/** A voiced one-shot script on the asset, and the mean colour of its preview halfway through the first second or the voice. */
async function previewColour(
  user: SignedInUser,
  assetId: string,
  name: string,
): Promise<{ script: Script; colour: [number, number, number]; seconds: number }> {
  const script = (await user.client.post<Script>('/api/scripts', { title: 'Harbour', scriptContent: harbour })).body;
  const voice = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
  expect(voice.status).toBe(200);
  const preview = await user.client.post<VideoPreviewResult>(`/api/scripts/${script.id}/preview`, {
    captionSettings: { enabled: false },
    videoMetadata: { segments: [{ text: harbour, mediaAssetId: assetId, mediaStartTime: 0, mediaDuration: 2 }] },
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const file = join(dir, name);
  await writeFile(file, new Uint8Array(await (await fetch(preview.body.url)).arrayBuffer()));
  const seconds = Math.min(1, voice.body.audioDuration / 2);
  return { script, colour: await meanColour(file, seconds), seconds };
}

/** The script list until the video is no longer generating. */
async function untilSettled(user: SignedInUser, id: string, timeoutMs = 120_000): Promise<Script> {
  const began = Date.now();
  for (;;) {
    const script = (await user.client.get<Script[]>('/api/scripts')).body.find((item) => item.id === id);
    if (script && script.videoGenerationStatus !== 'generating') return script;
    if (Date.now() - began > timeoutMs) throw new Error(`still generating after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function storedAsset(userId: string, assetId: string) {
  return new DynamoMediaAssetRepository(services().table).getAsset(userId, assetId);
}

async function uploaded(prefix: string): Promise<{ user: SignedInUser; asset: PublicAsset; proxyKey: string }> {
  const user = await signUpAndIn(stack, prefix);
  const asset = await uploadAsset(user.client, landscape);
  const proxyKey = objectKeys.mediaProxy(user.id, asset.id);
  return { user, asset, proxyKey };
}

describe('clip proxies', () => {
  it('an upload makes a small, sound-free proxy beside the original, recorded on the asset only', { timeout: 90_000 }, async () => {
    const { user, asset, proxyKey } = await uploaded('proxymade');
    expect((await storedAsset(user.id, asset.id))?.proxyKey).toBe(proxyKey);
    expect(await objectExists(proxyKey)).toBe(true);
    // The answer never names it: the library shows and plays the original.
    expect(JSON.stringify(asset)).not.toContain('proxy.mp4');

    const probed = await probe(await download(proxyKey, 'proxy.mp4'));
    // 1280x720: the 9:16 crop's height (720) scaled to 640.
    expect(probed.streams.filter((stream) => stream.codec_type === 'video')).toEqual([expect.objectContaining({ width: 1136, height: 640 })]);
    expect(probed.streams.some((stream) => stream.codec_type === 'audio')).toBe(false);

    // A clip already at the proxy's size gets none (its original is as cheap to read).
    const small = await uploadAsset(user.client, await makeMedia(dir, 'mp4', { name: 'Small', size: '320x240' }));
    expect((await storedAsset(user.id, small.id))?.proxyKey).toBeUndefined();
    expect(await objectExists(objectKeys.mediaProxy(user.id, small.id))).toBe(false);

    // Ours, not the user's data: left out of the export.
    const objects = await objectsOf(user.id);
    expect(objects).toContain(proxyKey);
    const exported = await user.client.post<AccountExport>('/api/account/export');
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.files).toBe(objects.length - 1);
  });

  it('the preview and a draft render read the proxy, not the original', { timeout: 240_000 }, async () => {
    const { user, asset, proxyKey } = await uploaded('proxyread');
    // The proxy is replaced by a plain red clip of its size (the original is a test pattern).
    await replaceWithRed(proxyKey, 'red.mp4', 30, 4);
    const { script, colour, seconds } = await previewColour(user, asset.id, 'preview.mp4');
    expectRed(colour);

    // So does a draft render (`RENDER_DRAFT`, this stack's): the same cut, generated.
    const started = await user.client.post(`/api/scripts/${script.id}/generate-video`, {
      captionSettings: { enabled: false },
      videoMetadata: { segments: [{ text: harbour, mediaAssetId: asset.id, mediaStartTime: 0, mediaDuration: 2 }] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await untilSettled(user, script.id);
    expect(done.videoGenerationStatus, done.videoGenerationError ?? '').toBe('complete');
    const redirect = await user.client.raw(done.videoUrl ?? '');
    expect(redirect.status).toBe(302);
    const draft = join(dir, 'draft.mp4');
    await writeFile(draft, new Uint8Array(await (await fetch(redirect.headers.get('location') ?? '')).arrayBuffer()));
    expectRed(await meanColour(draft, seconds));
  });

  it('a clip kept without a proxy gets one after a finished video uses it, recorded alone and never charged', { timeout: 240_000 }, async () => {
    const { user, asset, proxyKey } = await uploaded('proxylater');
    // As an older upload, a long clip or a stock clip: no proxy copy, no proxyKey.
    const { s3, table, config } = services();
    await s3.send(new DeleteObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: proxyKey }));
    await assetEntity.update(table, { userId: user.id, id: asset.id }, { remove: ['proxyKey'] });
    // The creator files and tags it meanwhile: the proxy's record must not write these back.
    const folder = (await user.client.post<{ id: string }>('/api/media/folders', { name: 'Harbour', parentFolderId: null })).body.id;
    expect((await user.client.patch<{ moved: number }>('/api/media/bulk-move', { assetIds: [asset.id], folderId: folder })).body.moved).toBe(1);
    expect((await user.client.patch(`/api/media/${asset.id}/tags`, { tags: ['harbour', 'dawn'] })).status).toBe(200);
    const repository = new DynamoMediaAssetRepository(table);
    const before = await storedAsset(user.id, asset.id);
    const usage = await repository.usage(user.id);
    expect(before?.proxyKey).toBeUndefined();

    const script = (await user.client.post<Script>('/api/scripts', { title: 'Harbour', scriptContent: 'The harbour wakes up slowly at dawn.' })).body;
    expect((await user.client.post(`/api/scripts/${script.id}/convert-to-audio`, {})).status).toBe(200);
    const started = await user.client.post(`/api/scripts/${script.id}/generate-video`, {
      captionSettings: { enabled: false },
      videoMetadata: { segments: [{ text: harbour, mediaAssetId: asset.id, mediaStartTime: 0, mediaDuration: 2 }] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await untilSettled(user, script.id);
    expect(done.videoGenerationStatus, done.videoGenerationError ?? '').toBe('complete');
    // FinalizeVideo makes it after recording the video.
    const began = Date.now();
    while (!(await storedAsset(user.id, asset.id))?.proxyKey && Date.now() - began < 60_000) await new Promise((resolve) => setTimeout(resolve, 250));
    const after = await storedAsset(user.id, asset.id);
    expect(after).toEqual({ ...before, proxyKey });
    expect(await objectExists(proxyKey)).toBe(true);
    expect((await probe(await download(proxyKey, 'later-proxy.mp4'))).streams).toEqual([
      expect.objectContaining({ codec_type: 'video', width: 1136, height: 640 }),
    ]);
    // Ours: the storage counters are as they were.
    expect(await repository.usage(user.id)).toEqual(usage);

    // A record over a proxy already there, or for an asset gone, changes nothing.
    expect(await repository.recordProxy(user.id, asset.id, { proxyKey: 'users/x/other.mp4', storageKey: asset.id })).toBe(false);
    expect(await repository.recordProxy(user.id, 'gone', { proxyKey, storageKey: 'gone' })).toBe(false);
    expect((await storedAsset(user.id, asset.id))?.proxyKey).toBe(proxyKey);
  });

  it('deleting the asset removes its proxy, and another user can never read it', { timeout: 90_000 }, async () => {
    const { user, asset, proxyKey } = await uploaded('proxyowner');
    const other = await signUpAndIn(stack, 'proxyother');
    expect((await other.client.get(`/api/media-proxy?url=${encodeURIComponent(proxyKey)}`)).status).toBe(404);
    expect((await other.client.delete(`/api/media/${asset.id}`)).status).toBe(404);
    expect(await objectExists(proxyKey)).toBe(true);

    expect((await user.client.delete(`/api/media/${asset.id}`)).status).toBe(200);
    expect(await objectExists(proxyKey)).toBe(false);
    expect(await objectsOf(user.id)).toEqual([]);
  });
});

describe('clip proxies made in the background', () => {
  it("a clip over the upload's limit is answered at once and gets its proxy soon after, which the preview then reads", { timeout: 240_000 }, async () => {
    const user = await signUpAndIn(stack, 'proxybg');
    const long = await makeMedia(dir, 'mp4', { name: 'Long harbour', size: '1280x720', seconds: 6 });
    const asset = await uploadAsset(user.client, long);
    const proxyKey = objectKeys.mediaProxy(user.id, asset.id);
    // The answer did not wait for a copy: none was made within the request.
    expect((await storedAsset(user.id, asset.id))?.proxyKey).toBeUndefined();
    const began = Date.now();
    while (!(await storedAsset(user.id, asset.id))?.proxyKey && Date.now() - began < 60_000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await storedAsset(user.id, asset.id))?.proxyKey).toBe(proxyKey);
    expect((await probe(await download(proxyKey, 'bg-proxy.mp4'))).streams).toEqual([
      expect.objectContaining({ codec_type: 'video', width: 1136, height: 640 }),
    ]);

    // The preview reads it: a red copy put in its place shows red.
    await replaceWithRed(proxyKey, 'red-bg.mp4', 15, 6);
    expectRed((await previewColour(user, asset.id, 'preview-bg.mp4')).colour);
  });

  it('two runs of the job at once record one proxy; a clip deleted meanwhile keeps no copy', { timeout: 120_000 }, async () => {
    const user = await signUpAndIn(stack, 'proxytwice');
    // A clip within the upload's limit: its proxy is made in the request, then taken away, as for a clip kept
    // without one; the job's runs are what is tested, and a short clip keeps them short.
    const asset = await uploadAsset(user.client, landscape);
    await localQueueIdle('clipProxies');
    const proxyKey = objectKeys.mediaProxy(user.id, asset.id);
    const { s3, table, config } = services();
    await s3.send(new DeleteObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: proxyKey }));
    await assetEntity.update(table, { userId: user.id, id: asset.id }, { remove: ['proxyKey'] });
    const job = { kind: 'clip-proxies', userId: user.id, assetIds: [asset.id] };
    const passes = await Promise.all([clipProxyJob(job), clipProxyJob(job)]);
    expect(passes.flatMap((pass) => ('made' in pass ? pass.made : []))).toEqual([asset.id]);
    expect((await storedAsset(user.id, asset.id))?.proxyKey).toBe(proxyKey);
    expect((await objectsOf(user.id)).filter((key) => key.includes('proxy'))).toEqual([proxyKey]);
    // Again: it has one, nothing is made.
    expect(await clipProxyJob(job)).toEqual({ made: [], left: [] });
    // Not a job: refused, nothing thrown for Lambda to retry.
    expect(await clipProxyJob({ kind: 'clip-proxies', userId: user.id, assetIds: [] })).toEqual({ outcome: 'refused' });

    // Deleted while the copy is made: the copy is deleted too.
    const other = await uploadAsset(user.client, landscape);
    await localQueueIdle('clipProxies');
    await assetEntity.update(table, { userId: user.id, id: other.id }, { remove: ['proxyKey'] });
    await s3.send(new DeleteObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: objectKeys.mediaProxy(user.id, other.id) }));
    const running = clipProxyJob({ kind: 'clip-proxies', userId: user.id, assetIds: [other.id] });
    expect((await user.client.delete(`/api/media/${other.id}`)).status).toBe(200);
    // The job found the clip, and it went while the copy was made: left without one.
    expect(await running).toEqual({ made: [], left: [other.id] });
    expect(await objectExists(objectKeys.mediaProxy(user.id, other.id))).toBe(false);
  });
});

describe('the proxy of a clip (real ffmpeg)', () => {
  it("keeps a portrait 60 fps clip whole at 360x640 and 15 fps (the preview's rate), and a square one at 640x640", { timeout: 60_000 }, async () => {
    const portrait = join(dir, 'portrait.mp4');
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=720x1280:rate=60',
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      portrait,
    ]);
    await makeFootageProxy(portrait, join(dir, 'portrait-proxy.mp4'), 60);
    const { stdout } = await run(ffprobePath(), [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-show_entries',
      'stream=width,height,avg_frame_rate',
      '-of',
      'csv=p=0',
      join(dir, 'portrait-proxy.mp4'),
    ]);
    expect(stdout.toString('utf8').trim()).toBe('360,640,15/1');

    const square = join(dir, 'square.mp4');
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1080x1080:rate=30',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      square,
    ]);
    await makeFootageProxy(square, join(dir, 'square-proxy.mp4'), 30);
    expect((await probe(join(dir, 'square-proxy.mp4'))).streams[0]).toMatchObject({ width: 640, height: 640 });
  });
});
