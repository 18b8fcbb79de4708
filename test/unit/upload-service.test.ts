import { describe, expect, it } from 'vitest';
import { maxUploadBytes } from '../../functions/contract/rules/file-types';
import { objectKeys } from '../../functions/core/files/bucket-layout';
import { mediaMessages } from '../../functions/core/media/messages';
import { bytesPerMB } from '../../functions/core/media/storage-limits';
import { UploadService, directUploadMaxBytes, staleUploadMs } from '../../functions/core/media/uploads';
import { UnreadableMediaError, type ProbeResult } from '../../functions/core/ports/media';
import { MemoryMedia, MemoryMediaProcessor } from '../fakes/in-memory/media';
import { MemoryObjectStore } from '../fakes/in-memory/object-store';
import { MemoryPublisher, MemoryUsers } from '../fakes/in-memory/users';

const now = Date.parse('2026-06-01T10:00:00Z');
const mb = bytesPerMB;

/** The first bytes of an MP4 (its ftyp box), then `size` bytes in all. */
function mp4Bytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('\0\0\0\x18ftypisom'), 0);
  return bytes;
}

const videoProbe: ProbeResult = {
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 8,
  bitrate: 2_000_000,
  video: { codec: 'h264', width: 720, height: 1280, fps: 30, colorSpace: null },
  audio: { codec: 'aac', sampleRate: 44_100, channels: 2 },
};

/** UploadService on in-memory ports: the plan's storage, the inspection of what arrived. */
function uploadArea() {
  const users = new MemoryUsers();
  const media = new MemoryMedia();
  const storage = new MemoryObjectStore();
  const processor = new MemoryMediaProcessor(storage);
  const publisher = new MemoryPublisher();
  const clock = { now };
  const service = new UploadService({ uploads: media, folders: media, storage, processor, users, publisher, clock: () => clock.now });
  users.add('u1');
  return { users, media, storage, processor, publisher, clock, service };
}

/** Begins an upload and puts the browser's bytes where the signed POST points. */
async function arrive(
  area: ReturnType<typeof uploadArea>,
  bytes: Uint8Array,
  options: { declared?: number; folderId?: string; probe?: ProbeResult | Error } = {},
) {
  const ticket = await area.service.beginUpload('u1', {
    fileName: 'clip.mp4',
    contentType: 'video/mp4',
    size: options.declared ?? bytes.byteLength,
    ...(options.folderId ? { folderId: options.folderId } : {}),
  });
  const key = area.storage.signedPosts.at(-1)?.key ?? '';
  await area.storage.put(key, bytes, 'video/mp4');
  area.processor.looks.set(key, {
    probe: options.probe ?? videoProbe,
    thumbnail: new Uint8Array([0xff, 0xd8]),
    framing: { inPoint: 1, focusX: 0.5, focusY: 0.4 },
    proxyPath: new UnreadableMediaError('too slow'),
  });
  return { ticket, key };
}

describe('UploadService: what is declared', () => {
  it('refuses an unsupported type (415), a file over 50 MB (413) and an empty one (422) before charging', async () => {
    const area = uploadArea();
    await expect(area.service.beginUpload('u1', { fileName: 'notes.txt', contentType: 'text/plain', size: 10 })).rejects.toMatchObject({
      status: 415,
      message: mediaMessages.unsupported,
    });
    await expect(area.service.beginUpload('u1', { fileName: 'clip.mp4', contentType: 'video/mp4', size: maxUploadBytes + 1 })).rejects.toMatchObject({
      status: 413,
    });
    await expect(area.service.beginUpload('u1', { fileName: 'clip.mp4', contentType: 'video/mp4', size: 0 })).rejects.toMatchObject({ status: 422 });
    expect((await area.media.usage('u1')).chargedBytes).toBe(0);
  });

  it('refuses a folder that is not the user’s (404)', async () => {
    const area = uploadArea();
    area.media.addFolder('u2', 'their-folder');
    await expect(area.service.beginUpload('u1', { fileName: 'clip.mp4', contentType: 'video/mp4', size: 100, folderId: 'their-folder' })).rejects.toMatchObject(
      {
        status: 404,
        message: mediaMessages.folderNotFound,
      },
    );
  });

  it('charges the declared size and signs a POST of at most that size under the user’s prefix', async () => {
    const area = uploadArea();
    const ticket = await area.service.beginUpload('u1', { fileName: 'clip.mp4', contentType: 'video/mp4', size: 3 * mb });
    expect(ticket).toMatchObject({ maxBytes: 3 * mb, contentType: 'video/mp4', expiresAt: new Date(now + 15 * 60_000).toISOString() });
    expect(area.storage.signedPosts).toEqual([{ key: objectKeys.mediaOriginal('u1', ticket.uploadId, 'mp4'), contentType: 'video/mp4', maxBytes: 3 * mb }]);
    expect((await area.media.usage('u1')).chargedBytes).toBe(3 * mb);
  });
});

describe('UploadService: the plan’s storage', () => {
  it('refuses what would pass the plan’s storage (403 with the limit), counting uploads in flight', async () => {
    const area = uploadArea();
    // The limit itself fits: ten uploads of 50 MB fill the free plan's 500 MB.
    for (let i = 0; i < 10; i++) await area.service.beginUpload('u1', { fileName: 'a.mp4', contentType: 'video/mp4', size: 50 * mb });
    await expect(area.service.beginUpload('u1', { fileName: 'b.mp4', contentType: 'video/mp4', size: 1 })).rejects.toMatchObject({
      status: 403,
      code: 'STORAGE_LIMIT',
      details: { limitMB: 500 },
    });
    expect((await area.media.usage('u1')).chargedBytes).toBe(500 * mb);
    // A paid plan's larger storage lets the same upload through.
    area.users.add('u1', { subscriptionTier: 'pro' });
    await expect(area.service.beginUpload('u1', { fileName: 'b.mp4', contentType: 'video/mp4', size: 1 })).resolves.toBeDefined();
  });

  it('gives back the charge of uploads left unfinished for an hour when the user needs the room', async () => {
    const area = uploadArea();
    const stale = [];
    for (let i = 0; i < 10; i++) stale.push(await arrive(area, mp4Bytes(100), { declared: 50 * mb }));
    area.clock.now = now + staleUploadMs - 1;
    await expect(area.service.beginUpload('u1', { fileName: 'c.mp4', contentType: 'video/mp4', size: mb })).rejects.toMatchObject({ code: 'STORAGE_LIMIT' });
    area.clock.now = now + staleUploadMs + 1;
    await area.service.beginUpload('u1', { fileName: 'c.mp4', contentType: 'video/mp4', size: mb });
    expect((await area.media.usage('u1')).chargedBytes).toBe(mb);
    expect(stale.some(({ key }) => area.storage.objects.has(key))).toBe(false);
  });
});

describe('UploadService: what arrived', () => {
  it('keeps a valid video as an asset charged its real size, with its thumbnail and framing, in its folder', async () => {
    const area = uploadArea();
    area.media.addFolder('u1', 'f1');
    const { ticket, key } = await arrive(area, mp4Bytes(5000), { declared: 8000, folderId: 'f1' });
    const asset = await area.service.completeUpload('u1', ticket.uploadId);
    expect(asset).toMatchObject({ id: ticket.uploadId, fileSize: 5000, duration: 8, width: 720, height: 1280, folderId: 'f1' });
    expect(await area.media.usage('u1')).toEqual({ assets: 1, bytes: 5000, chargedBytes: 5000 });
    expect((await area.media.getFolder('u1', 'f1'))?.assetCount).toBe(1);
    expect((await area.media.getAsset('u1', ticket.uploadId))?.framing).toEqual({ inPoint: 1, focusX: 0.5, focusY: 0.4 });
    expect(area.storage.objects.has(key)).toBe(true);
    expect(area.storage.objects.has(objectKeys.mediaThumbnail('u1', ticket.uploadId))).toBe(true);
    expect(area.processor.closed).toBe(1);
    expect(area.publisher.ofType('media')).toEqual([{ type: 'media', userId: 'u1' }]);
  });

  it('keeps the asset at the root when its folder was deleted while the bytes were on their way', async () => {
    const area = uploadArea();
    area.media.addFolder('u1', 'f1');
    const { ticket } = await arrive(area, mp4Bytes(500), { folderId: 'f1' });
    area.media.folders.delete('u1#f1');
    await expect(area.service.completeUpload('u1', ticket.uploadId)).resolves.toMatchObject({ folderId: null });
  });

  it('refuses what is not what it says (422), deleting the bytes and giving the charge back', async () => {
    const area = uploadArea();
    const { ticket, key } = await arrive(area, new Uint8Array(500).fill(7));
    await expect(area.service.completeUpload('u1', ticket.uploadId)).rejects.toMatchObject({ status: 422, message: 'The file is not a valid MP4 file' });
    expect(area.storage.objects.has(key)).toBe(false);
    expect(await area.media.usage('u1')).toEqual({ assets: 0, bytes: 0, chargedBytes: 0 });
    await expect(area.service.completeUpload('u1', ticket.uploadId)).rejects.toMatchObject({ status: 404, message: mediaMessages.uploadNotFound });
  });

  it('refuses a video without a picture, one ffprobe cannot read, more bytes than declared, and nothing at all', async () => {
    const area = uploadArea();
    const noPicture = await arrive(area, mp4Bytes(500), { probe: { ...videoProbe, video: null } });
    await expect(area.service.completeUpload('u1', noPicture.ticket.uploadId)).rejects.toMatchObject({ status: 422, message: 'The MP4 file has no video' });
    const unreadable = await arrive(area, mp4Bytes(500), { probe: new UnreadableMediaError('moov atom not found') });
    await expect(area.service.completeUpload('u1', unreadable.ticket.uploadId)).rejects.toMatchObject({ status: 422, message: /could not be read/ });
    const larger = await arrive(area, mp4Bytes(600), { declared: 500 });
    await expect(area.service.completeUpload('u1', larger.ticket.uploadId)).rejects.toMatchObject({ status: 413 });
    const ticket = await area.service.beginUpload('u1', { fileName: 'x.mp4', contentType: 'video/mp4', size: 100 });
    await expect(area.service.completeUpload('u1', ticket.uploadId)).rejects.toMatchObject({ status: 400, message: mediaMessages.notUploaded });
    expect(await area.media.usage('u1')).toEqual({ assets: 0, bytes: 0, chargedBytes: 0 });
    expect(area.storage.objects.size).toBe(0);
  });

  it('answers another user’s upload as not found and leaves it alone', async () => {
    const area = uploadArea();
    const { ticket, key } = await arrive(area, mp4Bytes(500));
    area.users.add('u2');
    await expect(area.service.completeUpload('u2', ticket.uploadId)).rejects.toMatchObject({ status: 404 });
    expect(area.storage.objects.has(key)).toBe(true);
    expect((await area.media.usage('u1')).chargedBytes).toBe(500);
  });

  it('takes a small file straight through the API, and sends a larger one to the signed upload', async () => {
    const area = uploadArea();
    area.processor.fallback = {
      probe: videoProbe,
      thumbnail: new Uint8Array([0xff, 0xd8]),
      framing: new UnreadableMediaError('no look'),
      proxyPath: '/tmp/proxy.mp4',
    };
    const kept = await area.service.uploadDirect('u1', { fileName: 'small.mp4', contentType: 'video/mp4', bytes: mp4Bytes(2000) });
    expect(kept).toMatchObject({ fileSize: 2000, duration: 8 });
    // A failed look keeps the upload (no framing); the proxy copy is made and recorded.
    expect((await area.media.getAsset('u1', kept.id))?.framing).toBeUndefined();
    expect(area.storage.uploadedFromPaths.get(objectKeys.mediaProxy('u1', kept.id))).toBe('/tmp/proxy.mp4');
    const tooLarge = area.service.uploadDirect('u1', { fileName: 'big.mp4', contentType: 'video/mp4', bytes: mp4Bytes(directUploadMaxBytes + 1) });
    await expect(tooLarge).rejects.toMatchObject({ status: 413, message: 'Files over 4 MB are uploaded with POST /api/media/upload-url' });
    expect((await area.media.usage('u1')).chargedBytes).toBe(2000);
  });
});
