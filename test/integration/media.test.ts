import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoMediaUploadRepository } from '../../functions/adapters/aws/dynamo/media-uploads';
import type { MediaPage, PublicAsset } from '../../functions/contract/media';
import { newId } from '../../functions/core/ids';
import { services } from '../support/services';
import { objectExists, objectsOf } from './support/bucket';
import { makeMedia, type MediaFile } from '../support/media-files';
import type { TestClient } from './support/http-client';
import { postToS3, signedInUser, uploadAsset, uploadFile, type UploadTicket } from './support/media';
import { startTestStack } from './support/stack';
import { TestSocket } from './support/ws-client';

let stack: LocalStack;
let dir: string;
let mp4: MediaFile;
let mov: MediaFile;
let mp3: MediaFile;

beforeAll(async () => {
  stack = await startTestStack();
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-media-test-'));
  [mp4, mov, mp3] = await Promise.all([
    makeMedia(dir, 'mp4', { name: 'Beach sunset' }),
    makeMedia(dir, 'mov', { name: 'City walk', size: '240x320' }),
    makeMedia(dir, 'mp3', { name: 'Calm tone' }),
  ]);
});
afterAll(async () => {
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function keyOf(proxyUrl: string): string {
  return new URL(proxyUrl, 'http://x').searchParams.get('url') ?? '';
}

async function list(client: TestClient, query = ''): Promise<MediaPage> {
  const answer = await client.get<MediaPage>(`/api/media${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('uploads straight to S3', () => {
  it('keeps a real MP4 with its metadata and a JPEG thumbnail, served through presigned redirects', async () => {
    const { client } = await signedInUser(stack);
    const asset = await uploadAsset(client, mp4, { tags: ['beach', 'summer'] });
    expect(asset).toMatchObject({
      title: 'Beach sunset',
      fileName: 'Beach sunset.mp4',
      fileType: 'video/mp4',
      fileSize: mp4.bytes.byteLength,
      tags: ['beach', 'summer'],
      isActive: true,
      folderId: null,
      width: 320,
      height: 240,
      codec: 'h264',
      fps: 25,
      sampleRate: 44100,
      channels: 1,
      aspectRatio: '4:3',
    });
    expect(asset.duration).toBeGreaterThan(1.9);
    expect(asset.duration).toBeLessThan(2.2);
    expect(asset.bitrate).toBeGreaterThan(0);
    expect(asset.format).toContain('mp4');

    const thumb = await client.raw(asset.thumbnailUrl ?? '');
    expect(thumb.status).toBe(302);
    const jpeg = new Uint8Array(await (await fetch(thumb.headers.get('location') ?? '')).arrayBuffer());
    expect([jpeg[0], jpeg[1], jpeg[2]]).toEqual([0xff, 0xd8, 0xff]);

    const file = await client.raw(asset.fileUrl);
    expect(file.status).toBe(302);
    const bytes = new Uint8Array(await (await fetch(file.headers.get('location') ?? '')).arrayBuffer());
    expect(bytes.byteLength).toBe(mp4.bytes.byteLength);

    const page = await list(client);
    expect(page.totalCount).toBe(1);
    expect(page.storage.usedBytes).toBe(mp4.bytes.byteLength);
    expect(page.storage.limitBytes).toBe(500 * 1024 * 1024);
  });

  it('keeps a MOV (portrait) and an MP3 (audio player, no thumbnail, in the audio list)', async () => {
    const { client } = await signedInUser(stack);
    const video = await uploadAsset(client, mov);
    expect(video).toMatchObject({ fileType: 'video/quicktime', width: 240, height: 320, aspectRatio: '3:4' });
    expect(video.thumbnailUrl).toMatch(/^\/api\/thumbnail-proxy\?url=/);

    const audio = await uploadAsset(client, mp3);
    expect(audio).toMatchObject({ fileType: 'audio/mpeg', thumbnailUrl: null, width: null, codec: 'mp3', sampleRate: 44100, channels: 1 });
    const audioList = await client.get<PublicAsset[]>('/api/media/audio');
    expect(audioList.body.map((asset) => asset.id)).toEqual([audio.id]);
  });

  it('takes the audio dialog types (WAV) too', async () => {
    const { client } = await signedInUser(stack);
    const wav = await makeMedia(dir, 'wav', { name: 'Drum loop', seconds: 1 });
    const done = await uploadFile(client, wav);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ fileType: 'audio/wav', format: 'wav' });
  });

  it('refuses a text file named .mp4, deletes its bytes and gives its storage back', async () => {
    const { id, client } = await signedInUser(stack);
    const fake: MediaFile = { name: 'notes.mp4', type: 'video/mp4', bytes: new TextEncoder().encode('these are my notes, not a video at all\n'.repeat(10)) };
    const done = await uploadFile(client, fake);
    expect(done.status).toBe(422);
    expect(done.body).toMatchObject({ message: 'The file is not a valid MP4 file' });
    expect(await objectsOf(id)).toEqual([]);
    const usage = await services().media.storage(id);
    expect(usage.usedBytes).toBe(0);
    expect((await list(client)).totalCount).toBe(0);
    // The reservation is gone too: a second attempt with the same id finds nothing.
  });

  it('refuses a truncated MP4 with a clear message and keeps nothing', async () => {
    const { id, client } = await signedInUser(stack);
    const truncated: MediaFile = { name: 'cut.mp4', type: 'video/mp4', bytes: mp4.bytes.slice(0, Math.floor(mp4.bytes.byteLength / 2)) };
    const done = await uploadFile(client, truncated);
    expect(done.status).toBe(422);
    expect(String((done.body as { message: string }).message)).toMatch(/damaged or incomplete/);
    expect(await objectsOf(id)).toEqual([]);
  });

  it('refuses an empty file before signing anything', async () => {
    const { client } = await signedInUser(stack);
    const done = await uploadFile(client, { name: 'empty.mp4', type: 'video/mp4', bytes: new Uint8Array() });
    expect(done.status).toBe(422);
    expect(done.body).toMatchObject({ message: 'The file is empty' });
  });

  it('refuses an object that arrives empty although a size was declared', async () => {
    const { id, client } = await signedInUser(stack);
    const begin = await client.post<UploadTicket>('/api/media/upload-url', { fileName: 'clip.mp4', contentType: 'video/mp4', size: 1000 });
    expect(begin.status).toBe(201);
    await postToS3(begin.body, { name: 'clip.mp4', type: 'video/mp4', bytes: new Uint8Array() });
    const done = await client.post('/api/media/complete', { uploadId: begin.body.uploadId });
    expect(done.status).toBeGreaterThanOrEqual(400);
    expect(done.status).toBeLessThan(500);
    expect(await objectsOf(id)).toEqual([]);
    expect((await services().media.storage(id)).usedBytes).toBe(0);
  });

  it('refuses 50 MB + 1 byte with the documented message, and an object larger than declared', async () => {
    const { id, client } = await signedInUser(stack);
    const over = await client.post('/api/media/upload-url', { fileName: 'big.mp4', contentType: 'video/mp4', size: 50 * 1024 * 1024 + 1 });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ message: 'File exceeds the 50MB limit' });

    // s3rver does not enforce the POST policy; the server checks the real size on completion.
    const begin = await client.post<UploadTicket>('/api/media/upload-url', { fileName: 'small.mp4', contentType: 'video/mp4', size: 100 });
    await postToS3(begin.body, mp4);
    const done = await client.post('/api/media/complete', { uploadId: begin.body.uploadId });
    expect(done.status).toBe(413);
    expect(await objectsOf(id)).toEqual([]);
  });

  it('refuses unsupported types with a message naming MP4, MOV, MP3', async () => {
    const { client } = await signedInUser(stack);
    const answer = await client.post('/api/media/upload-url', { fileName: 'photo.png', contentType: 'image/png', size: 1000 });
    expect(answer.status).toBe(415);
    expect(String((answer.body as { message: string }).message)).toMatch(/MP4, MOV, MP3/);
  });

  it('never lets a file name become a path', async () => {
    const { id, client } = await signedInUser(stack);
    const asset = await uploadAsset(client, { ...mp3, name: '../../../etc/passwd.mp3' });
    expect(asset.fileName).toBe('passwd.mp3');
    expect(asset.title).toBe('passwd');
    expect(keyOf(asset.fileUrl)).toBe(`users/${id}/media/${asset.id}/original.mp3`);
    expect(await objectsOf(id)).toEqual([`users/${id}/media/${asset.id}/original.mp3`]);
  });

  it('accepts the documented multipart POST /api/media/upload for a small file with comma-separated tags', async () => {
    const { client } = await signedInUser(stack);
    const token = await client.fetchCsrfToken();
    const form = new FormData();
    form.append('file', new Blob([mp3.bytes], { type: 'audio/mpeg' }), 'Intro music.mp3');
    form.append('tags', 'intro, music');
    const response = await client.raw('/api/media/upload', { method: 'POST', body: form, headers: { 'x-csrf-token': token } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ title: 'Intro music', tags: ['intro', 'music'], fileType: 'audio/mpeg' });
  });

  it('answers 400 naming the bound for over-long multipart tags (it was a 500), keeping nothing', async () => {
    const { id, client } = await signedInUser(stack);
    const token = await client.fetchCsrfToken();
    const send = async (tags: string) => {
      const form = new FormData();
      form.append('file', new Blob([mp3.bytes], { type: 'audio/mpeg' }), 'Intro music.mp3');
      form.append('tags', tags);
      const response = await client.raw('/api/media/upload', { method: 'POST', body: form, headers: { 'x-csrf-token': token } });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    expect(await send('t,'.repeat(2_001))).toMatchObject({ status: 400, body: { message: 'Tags must be at most 4,000 characters' } });
    expect(await send(`ok,${'x'.repeat(201)}`)).toMatchObject({ status: 400, body: { message: 'A tag must be at most 200 characters' } });
    expect(await objectsOf(id)).toEqual([]);
    expect((await list(client)).storage.usedBytes).toBe(0);
  });
});

describe('storage limit', () => {
  it('lets only one of two parallel uploads take the last room, and deleting frees it', async () => {
    const { id, client } = await signedInUser(stack);
    const mb = 1024 * 1024;
    const kept = await uploadAsset(client, mp3);
    // Fill the plan (500 MB) up to 30 MB of room, as earlier uploads would have.
    const { table } = services();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${id}`, sk: 'MEDIA_USAGE' },
        UpdateExpression: 'ADD chargedBytes :b, #bytes :b',
        ExpressionAttributeNames: { '#bytes': 'bytes' },
        ExpressionAttributeValues: { ':b': 470 * mb - kept.fileSize },
      }),
    );
    const ask = () => client.post('/api/media/upload-url', { fileName: 'clip.mp4', contentType: 'video/mp4', size: 20 * mb });
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    expect(answers.find((answer) => answer.status === 403)?.body).toMatchObject({ message: 'Storage limit reached', code: 'STORAGE_LIMIT' });

    // The kept asset is deleted: its bytes are free again, and a 20 MB upload fits... once.
    expect((await client.delete(`/api/media/${kept.id}`)).status).toBe(200);
    expect((await ask()).status).toBe(403);
    const usage = await services().media.storage(id);
    expect(usage.usedBytes).toBe(470 * mb - kept.fileSize);
  });
});

describe('library calls', () => {
  let client: TestClient;
  let userId: string;
  let assets: PublicAsset[];

  beforeAll(async () => {
    ({ client, id: userId } = await signedInUser(stack));
    const a = await uploadAsset(client, { ...mp4, name: 'Alpha beach.mp4' });
    const b = await uploadAsset(client, { ...mov, name: 'bravo city.mov' });
    const c = await uploadAsset(client, { ...mp3, name: 'Charlie tone.mp3' });
    assets = [a, b, c];
  });

  it('lists in each of the six orders with page, totalPages and totalCount', async () => {
    const ids = (items: PublicAsset[]) => items.map((asset) => asset.title);
    const [a, b, c] = assets as [PublicAsset, PublicAsset, PublicAsset];
    const bySize = [...assets].sort((x, y) => x.fileSize - y.fileSize).map((asset) => asset.title);
    expect(ids((await list(client)).items)).toEqual([c.title, b.title, a.title]);
    expect(ids((await list(client, '?sort=date-uploaded')).items)).toEqual([a.title, b.title, c.title]);
    expect(ids((await list(client, '?sort=name-asc')).items)).toEqual(['Alpha beach', 'bravo city', 'Charlie tone']);
    expect(ids((await list(client, '?sort=name-desc')).items)).toEqual(['Charlie tone', 'bravo city', 'Alpha beach']);
    expect(ids((await list(client, '?sort=size-asc')).items)).toEqual(bySize);
    expect(ids((await list(client, '?sort=size-desc')).items)).toEqual([...bySize].reverse());
    const paged = await list(client, '?page=2&limit=2');
    expect(paged).toMatchObject({ page: 2, totalPages: 2, totalCount: 3 });
    expect(ids(paged.items)).toEqual([a.title]);
    expect((await list(client, '?page=3&limit=2')).items).toEqual([]);
    // The cursor of page 1 reads page 2 without skipping; a search pages through its matches too.
    const first = (await client.get<MediaPage & { nextCursor: string }>('/api/media?limit=2&sort=name-asc')).body;
    const second = await list(client, `?page=2&limit=2&sort=name-asc&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(ids([...first.items, ...second.items])).toEqual(['Alpha beach', 'bravo city', 'Charlie tone']);
    const searched = await list(client, '?search=a&limit=1&page=2&sort=name-asc');
    expect(searched).toMatchObject({ totalCount: 3, totalPages: 3 });
    expect(ids(searched.items)).toEqual(['bravo city']);
    expect((await client.get('/api/media?cursor=not-a-cursor')).status).toBe(400);
    // A cursor of another order names a start key outside this index: refused, not a 500.
    expect((await client.get(`/api/media?limit=2&sort=size-asc&cursor=${encodeURIComponent(first.nextCursor)}`)).status).toBe(400);
    expect((await client.get('/api/media?sort=random')).status).toBe(400);
  });

  it('tags, toggles, suggests tags and finds assets by tag and title', async () => {
    const [a] = assets as [PublicAsset];
    const tagged = await client.patch<PublicAsset>(`/api/media/${a.id}/tags`, { tags: ['Ocean', ' waves ', 'ocean'] });
    expect(tagged.body.tags).toEqual(['Ocean', 'waves']);
    const off = await client.patch<PublicAsset>(`/api/media/${a.id}`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const ai = await client.post<{ tags: string[]; suggested: string[]; source: string }>(`/api/media/${a.id}/ai-tags`);
    expect(ai.status).toBe(200);
    expect(ai.body.source).toBe('offline');
    expect(ai.body.suggested).toEqual(expect.arrayContaining(['alpha', 'beach', 'video', 'horizontal']));
    expect(ai.body.tags.slice(0, 2)).toEqual(['Ocean', 'waves']);

    const found = await list(client, '?search=ocean');
    expect(found.items.map((asset) => asset.id)).toEqual([a.id]);
    expect(found.totalCount).toBe(1);
    expect((await list(client, '?search=CITY')).items.map((asset) => asset.title)).toEqual(['bravo city']);
    expect((await list(client, '?search=nothing-like-this')).totalCount).toBe(0);
  });

  it('creates, renames, moves into, filters by and deletes folders', async () => {
    const [a, b, c] = assets as [PublicAsset, PublicAsset, PublicAsset];
    expect((await client.post('/api/media/folders', { name: '   ' })).body).toMatchObject({ message: 'Folder name is required' });
    const created = await client.post<{ id: string; name: string; parentId: string | null }>('/api/media/folders', { name: 'B-roll', parentFolderId: null });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'B-roll', parentId: null });
    const folder = created.body.id;
    expect((await client.patch(`/api/media/folders/${folder}`, { name: 'Beach B-roll' })).body).toMatchObject({ name: 'Beach B-roll' });
    const folders = await client.get<{ id: string; name: string; assetCount: number }[]>('/api/media/folders');
    expect(folders.body.map((f) => f.name)).toEqual(['Beach B-roll']);

    const moved = await client.patch<{ moved: number }>('/api/media/bulk-move', { assetIds: [a.id, b.id], folderId: folder });
    expect(moved.body.moved).toBe(2);
    const inFolder = await list(client, `?folderId=${folder}&sort=name-asc`);
    expect(inFolder.items.map((asset) => asset.id)).toEqual([a.id, b.id]);
    expect(inFolder.totalCount).toBe(2);
    expect((await list(client, '?folderId=root')).items.map((asset) => asset.id)).toEqual([c.id]);
    expect((await list(client, `?folderId=${folder}&sort=size-desc`)).items).toHaveLength(2);

    // Back to the root for one of them.
    await client.patch('/api/media/bulk-move', { assetIds: [b.id], folderId: null });
    expect((await list(client, `?folderId=${folder}`)).totalCount).toBe(1);

    const deleted = await client.delete(`/api/media/folders/${folder}`);
    expect(deleted.status).toBe(200);
    expect((await list(client, '?folderId=root')).totalCount).toBe(3);
    expect((await client.get<unknown[]>('/api/media/folders')).body).toEqual([]);
  });

  it('refuses to delete a folder scripts prefer, then force-deletes it with a replacement', async () => {
    const keep = (await client.post<{ id: string }>('/api/media/folders', { name: 'Keep' })).body.id;
    const old = (await client.post<{ id: string }>('/api/media/folders', { name: 'Old' })).body.id;
    const { table } = services();
    await table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { pk: `USER#${userId}`, sk: 'SCRIPT#S1', id: 'S1', userId, title: 'My script', preferredFolderId: old },
      }),
    );
    const refused = await client.delete<{ message: string; code: string; details: { scripts: { id: string }[] } }>(`/api/media/folders/${old}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/preferred folder/);
    expect(refused.body.code).toBe('FOLDER_IN_USE');
    expect(refused.body.details.scripts.map((s) => s.id)).toEqual(['S1']);

    const forced = await client.delete(`/api/media/folders/${old}/force`, { replacementFolderId: keep });
    expect(forced.status).toBe(200);
    const script = await services().table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${userId}`, sk: 'SCRIPT#S1' },
        UpdateExpression: 'SET touched = :t',
        ExpressionAttributeValues: { ':t': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(script.Attributes?.preferredFolderId).toBe(keep);
    expect((await client.get<{ id: string }[]>('/api/media/folders')).body.map((f) => f.id)).toEqual([keep]);
  });

  it('bulk-deletes with a message and the count, freeing storage and objects', async () => {
    const answer = await client.post<{ message: string; results: { success: number } }>('/api/media/bulk-delete', { ids: assets.map((asset) => asset.id) });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Deleted 3 items');
    expect(answer.body.results.success).toBe(3);
    expect((await list(client)).totalCount).toBe(0);
    expect((await list(client)).storage.usedBytes).toBe(0);
    expect(await objectsOf(userId)).toEqual([]);
  });
});

describe('a large folder', () => {
  it('moves all of its assets to the root when deleted, in batches, keeping the counts exact', async () => {
    const { id: userId, client } = await signedInUser(stack);
    const folder = (await client.post<{ id: string }>('/api/media/folders', { name: 'Big' })).body.id;
    const repo = new DynamoMediaUploadRepository(services().table);
    const now = new Date().toISOString();
    for (let i = 0; i < 130; i++) {
      const id = newId();
      const upload = {
        id,
        userId,
        storageKey: `users/${userId}/media/${id}/original.mp3`,
        fileType: 'audio/mpeg',
        fileName: `t${i}.mp3`,
        title: `t${i}`,
        declaredSize: 10,
        folderId: folder,
        tags: [],
        createdAt: now,
      };
      expect(await repo.reserveUpload(upload, 1e12)).toBe(true);
      expect(
        await repo.completeUpload(upload, {
          ...upload,
          kind: 'audio',
          fileSize: 10,
          duration: 1,
          isActive: true,
          thumbnailKey: null,
          width: null,
          height: null,
          codec: 'mp3',
          audioCodec: 'mp3',
          bitrate: null,
          fps: null,
          sampleRate: null,
          channels: null,
          format: 'mp3',
          aspectRatio: null,
          colorSpace: null,
          updatedAt: now,
        }),
      ).toMatchObject({ id, folderId: folder });
    }
    expect((await list(client, `?folderId=${folder}`)).totalCount).toBe(130);
    expect((await client.delete(`/api/media/folders/${folder}`)).status).toBe(200);
    const root = await list(client, '?folderId=root&limit=100');
    expect(root.totalCount).toBe(130);
    expect(root.items.every((asset) => asset.folderId === null)).toBe(true);
    expect((await list(client, '?folderId=root&page=2&limit=100')).items).toHaveLength(30);
  });
});

describe("another user's ids", () => {
  it('answer 404 on every route', async () => {
    const owner = await signedInUser(stack, 'owner');
    const other = await signedInUser(stack, 'other');
    const asset = await uploadAsset(owner.client, mp4);
    const folder = (await owner.client.post<{ id: string }>('/api/media/folders', { name: 'Mine' })).body.id;
    const pending = await owner.client.post<UploadTicket>('/api/media/upload-url', { fileName: 'x.mp3', contentType: 'audio/mpeg', size: 10 });
    const c = other.client;
    const calls = [
      c.patch(`/api/media/${asset.id}`, { isActive: false }),
      c.patch(`/api/media/${asset.id}/tags`, { tags: ['x'] }),
      c.post(`/api/media/${asset.id}/ai-tags`),
      c.delete(`/api/media/${asset.id}`),
      c.patch('/api/media/bulk-move', { assetIds: [asset.id], folderId: null }),
      c.post('/api/media/bulk-delete', { ids: [asset.id] }),
      c.patch(`/api/media/folders/${folder}`, { name: 'Theirs' }),
      c.delete(`/api/media/folders/${folder}`),
      c.delete(`/api/media/folders/${folder}/force`, { replacementFolderId: null }),
      c.get(`/api/media?folderId=${folder}`),
      c.post('/api/media/folders', { name: 'Child', parentFolderId: folder }),
      c.post('/api/media/upload-url', { fileName: 'a.mp3', contentType: 'audio/mpeg', size: 10, folderId: folder }),
      c.post('/api/media/complete', { uploadId: pending.body.uploadId }),
      c.get(`/api/media-proxy?url=${encodeURIComponent(keyOf(asset.fileUrl))}`),
      c.get(`/api/thumbnail-proxy?url=${encodeURIComponent(keyOf(asset.thumbnailUrl ?? ''))}`),
    ];
    const statuses = (await Promise.all(calls)).map((answer) => answer.status);
    expect(statuses).toEqual(calls.map(() => 404));
    // Nothing of the owner's changed.
    const mine = await list(owner.client);
    expect(mine.items[0]).toMatchObject({ id: asset.id, isActive: true, tags: [] });
    expect(await objectExists(keyOf(asset.fileUrl))).toBe(true);
    expect((await owner.client.get<{ name: string }[]>('/api/media/folders')).body.map((f) => f.name)).toEqual(['Mine']);
  });
});

describe('previews of remote URLs', () => {
  it('refuses loopback, private and metadata addresses and non-http schemes', async () => {
    const { client } = await signedInUser(stack);
    for (const url of [
      'http://127.0.0.1/x.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/a.png',
      'http://[::1]/a.png',
      'file:///etc/passwd',
    ]) {
      const answer = await client.get(`/api/thumbnail-proxy?url=${encodeURIComponent(url)}`);
      expect(answer.status, url).toBe(400);
    }
  });
});

describe('live updates', () => {
  it('pushes a media message to the user’s other tabs when the library changes', async () => {
    const { client } = await signedInUser(stack);
    const ticket = await client.get<{ ticket: string }>('/api/ws-ticket');
    const socket = await TestSocket.open(`${stack.url.replace('http', 'ws')}/ws`, stack.url);
    socket.send({ action: 'authenticate', token: ticket.body.ticket });
    expect(await socket.next()).toMatchObject({ type: 'auth_success' });
    socket.send({ action: 'subscribe', types: ['media'] });
    expect(await socket.next()).toMatchObject({ type: 'subscription' });
    await client.post('/api/media/folders', { name: 'Live' });
    expect(await socket.next()).toMatchObject({ type: 'media' });
    await socket.close();
  });
});
