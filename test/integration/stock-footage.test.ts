import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoMediaAssetRepository } from '../../functions/adapters/aws/dynamo/media-assets';
import { probeMedia } from '../../functions/adapters/ffmpeg/probe';
import type { MediaPage, PublicFolder } from '../../functions/contract/media';
import type { Script } from '../../functions/contract/scripts';
import type { GenerateVideoResult } from '../../functions/contract/video';
import { startFakePexels, type FakePexels } from '../fakes/pexels';
import { makeFootage } from '../support/footage-clips';
import { services } from '../support/services';
import { frameAt, meanColour } from '../support/video-frames';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * Footage when the library has none: with PEXELS_API_KEY set (and PEXELS_BASE_URL at a
 * wire-level fake of Pexels' video search), a new account's video gets stock clips kept in a "Stock"
 * folder, charged against storage; a full plan or a failing API leaves generated backgrounds. And
 * an uploaded clip keeps the framing the quick look at upload found.
 */
let stack: LocalStack;
let fake: FakePexels;
let scratch: string;
const apiKey = 'pexels-test-key-never-shown';

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'reelsmith-stock-'));
  fake = await startFakePexels();
  process.env.PEXELS_API_KEY = apiKey;
  process.env.PEXELS_BASE_URL = fake.baseUrl;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  delete process.env.PEXELS_API_KEY;
  delete process.env.PEXELS_BASE_URL;
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const text = 'Coffee at home can taste like a cafe. Start with fresh beans, ground right before you brew. Try it tomorrow morning.';

async function createScript(user: SignedInUser): Promise<Script> {
  const response = await user.client.post<Script>('/api/scripts', { title: 'Coffee', scriptContent: text });
  expect(response.status).toBe(201);
  return response.body;
}

async function untilSettled(user: SignedInUser, id: string, timeoutMs = 180_000): Promise<Script> {
  const began = Date.now();
  for (;;) {
    const list = await user.client.get<Script[]>('/api/scripts');
    const script = list.body.find((s) => s.id === id);
    if (!script) throw new Error(`script ${id} not listed`);
    if (script.videoGenerationStatus !== 'generating') return script;
    if (Date.now() - began > timeoutMs) throw new Error(`still generating after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stockFolder(user: SignedInUser): Promise<PublicFolder | undefined> {
  const folders = await user.client.get<PublicFolder[] | { folders: PublicFolder[] }>('/api/media/folders');
  const list = Array.isArray(folders.body) ? folders.body : folders.body.folders;
  return list.find((folder) => folder.name === 'Stock');
}

describe('stock footage from Pexels', () => {
  it('gives an empty library stock clips in a Stock folder, charged against storage, and the video uses them', async () => {
    const user = await signUpAndIn(stack, 'stock');
    const script = await createScript(user);
    const searchesBefore = fake.requests.length;
    const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const segments = started.body.videoMetadata.segments;
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) expect(segment.mediaAssetId, JSON.stringify(segment)).toBeTruthy();
    expect(segments.some((segment) => segment.source === 'generated')).toBe(false);

    // The API was asked with the key, portrait first.
    const searches = fake.requests.slice(searchesBefore);
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((request) => request.apiKey === apiKey)).toBe(true);
    expect(searches[0]!.query.get('orientation')).toBe('portrait');

    // Kept in the library, in "Stock", tagged from the search words, credited, counted.
    const folder = await stockFolder(user);
    expect(folder).toBeDefined();
    const ids = [...new Set(segments.map((segment) => String(segment.mediaAssetId)))];
    expect(folder!.assetCount).toBe(ids.length);
    const page = await user.client.get<MediaPage>(`/api/media?folderId=${folder!.id}`);
    expect(page.status).toBe(200);
    const repository = new DynamoMediaAssetRepository(services().table);
    const assets = await repository.getAssets(user.id, ids);
    expect(assets).toHaveLength(ids.length);
    for (const asset of assets) {
      expect(asset.folderId).toBe(folder!.id);
      expect(asset.kind).toBe('video');
      expect(asset.attribution).toMatchObject({
        provider: 'pexels',
        author: 'Fake Photographer',
        sourceUrl: expect.stringContaining('https://www.pexels.com/video/'),
      });
      expect(asset.tags).toContain('stock');
      expect(fake.fileSizes()).toContain(asset.fileSize);
      expect(asset.thumbnailKey).toBeTruthy();
    }
    expect(assets.some((asset) => asset.tags.includes('coffee'))).toBe(true);
    const usage = await services().media.storage(user.id);
    expect(usage.usedBytes).toBe(assets.reduce((sum, asset) => sum + asset.fileSize, 0));

    // The video renders from them: the fake's clips are flat colours with a moving pattern.
    const done = await untilSettled(user, script.id);
    expect(done, done.videoGenerationError ?? '').toMatchObject({ videoGenerationStatus: 'complete' });
    expect(new Set(done.usedMediaIds)).toEqual(new Set(ids));
    const redirect = await user.client.raw(done.videoUrl ?? '');
    const video = await fetch(redirect.headers.get('location') ?? '');
    const file = join(scratch, 'stock.mp4');
    await writeFile(file, new Uint8Array(await video.arrayBuffer()));
    expect((await probeMedia(file)).videoCodec).toBe('h264');
    const frame = await frameAt(file, 0.5);
    const [r, g, b] = meanColour(frame, { x: 0, y: 0, w: 1080, h: 300 });
    expect(r + g + b).toBeGreaterThan(60);

    // A second video reuses what is in the library: no new download.
    const downloads = fake.downloads.length;
    const again = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, {});
    expect(again.status).toBe(202);
    expect(fake.downloads.length).toBe(downloads);
    await untilSettled(user, script.id);
  });

  it('falls back to generated backgrounds when the plan has no room left', async () => {
    const user = await signUpAndIn(stack, 'stockfull');
    const { table } = services();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${user.id}`, sk: 'MEDIA_USAGE' },
        UpdateExpression: 'ADD chargedBytes :b, #bytes :b',
        ExpressionAttributeNames: { '#bytes': 'bytes' },
        ExpressionAttributeValues: { ':b': 500 * 1024 * 1024 - 1000 },
      }),
    );
    const script = await createScript(user);
    const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (const segment of started.body.videoMetadata.segments) expect(segment).toMatchObject({ mediaAssetId: null, source: 'generated' });
    expect((await services().media.storage(user.id)).usedBytes).toBe(500 * 1024 * 1024 - 1000);
    expect((await stockFolder(user))?.assetCount ?? 0).toBe(0);
    expect((await untilSettled(user, script.id)).videoGenerationStatus).toBe('complete');
  });

  it('falls back to generated backgrounds when Pexels fails, and the video still completes', async () => {
    const user = await signUpAndIn(stack, 'stockdown');
    fake.queue(...Array.from({ length: 40 }, () => ({ kind: 'status' as const, status: 429 })));
    try {
      const script = await createScript(user);
      const started = await user.client.post<GenerateVideoResult>(`/api/scripts/${script.id}/generate-video`, {});
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      for (const segment of started.body.videoMetadata.segments) expect(segment).toMatchObject({ mediaAssetId: null, source: 'generated' });
      expect((await untilSettled(user, script.id)).videoGenerationStatus).toBe('complete');
    } finally {
      fake.clearQueue();
    }
  });
});

describe('framing at upload', () => {
  it('keeps the in-point and focus the quick look found on the asset', async () => {
    const user = await signUpAndIn(stack, 'framing');
    const path = await makeFootage(scratch, 'black-right', { opening: 'black', motion: 'right', seconds: 6 });
    const asset = await uploadAsset(user.client, { name: 'black-right.mp4', type: 'video/mp4', bytes: new Uint8Array(await readFile(path)) });
    const stored = await new DynamoMediaAssetRepository(services().table).getAsset(user.id, asset.id);
    expect(stored?.framing?.inPoint).toBeGreaterThanOrEqual(0.75);
    expect(stored?.framing?.inPoint).toBeLessThanOrEqual(1.5);
    expect(stored?.framing?.focusX).toBeGreaterThan(0.6);
  });
});
