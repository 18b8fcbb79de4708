import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { getConfig } from '../../functions/platform/config';
import type { Script } from '../../functions/contract/scripts';
import type { MediaFile } from '../support/media-files';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadFile } from './support/media';
import { startTestStack } from './support/stack';

/**
 * Input the schemas accept must never become a 500 or a record that is
 * wrong. Bounds and the item size guard (3), the script length every voice can speak (4), and
 * references to voices and folders that are not the caller's (7).
 */

const run = promisify(execFile);

interface Problem {
  message: string;
  details?: { path: string; message: string }[] | Record<string, unknown>;
}

let stack: LocalStack;
let dir: string;

beforeAll(async () => {
  stack = await startTestStack();
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-bounds-'));
});
afterAll(async () => {
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function createScript(user: SignedInUser, fields: Record<string, unknown> = {}) {
  return user.client.post<Script & Problem>('/api/scripts', { title: 'Bounds', scriptContent: 'Small habits build big wins.', ...fields });
}

async function scriptsOf(user: SignedInUser): Promise<Script[]> {
  return (await user.client.get<Script[]>('/api/scripts')).body;
}

async function storedScript(user: SignedInUser, id: string): Promise<Script | undefined> {
  return (await scriptsOf(user)).find((script) => script.id === id);
}

/** `levels` objects inside each other. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { bold: true };
  for (let i = 0; i < levels; i++) value = { inner: value };
  return value;
}

/** The bucket as the running stack's configuration names it (the test's own client). */
async function objectsOf(userId: string): Promise<string[]> {
  const config = getConfig();
  const s3 = new S3Client({
    region: config.AWS_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
  });
  try {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/` }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    s3.destroy();
  }
}

describe('point 3: every schema states its bounds, and no accepted input is a 500', () => {
  it('takes caption settings only in the documented shape: a 40-level object, unknown fields and values out of range are 400', async () => {
    const user = await signUpAndIn(stack, 'bounds');
    const script = (await createScript(user)).body;
    const patch = (captionSettings: unknown) => user.client.patch<Problem & Script>(`/api/scripts/${script.id}`, { captionSettings });

    const deep = await patch(nested(40));
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/captionSettings has fields the captions do not have: inner/);

    const unknown = await patch({ font_size: 60, shadow_colour: '#000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('captionSettings has fields the captions do not have: shadow_colour');

    const outOfRange = await patch({ font_size: 500 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toBe('font_size must be a whole number from 20 to 100');

    const huge = await patch(JSON.stringify({ background_audio_id: 'x'.repeat(600 * 1024) }));
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('captionSettings must be at most 6,000 characters');

    const notJson = await patch('{"font_size": 60');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('captionSettings must be an object or a JSON object string');

    // The product's (docs/product.md#captions) "object or JSON string": both are kept as the object.
    const asString = await patch(JSON.stringify({ font_size: 72, style: 'karaoke' }));
    expect(asString.status).toBe(200);
    expect(asString.body.captionSettings).toEqual({ font_size: 72, style: 'karaoke' });
    expect((await storedScript(user, script.id))?.captionSettings).toEqual({ font_size: 72, style: 'karaoke' });

    // generate-video reads the same schema.
    const video = await user.client.post<Problem>(`/api/scripts/${script.id}/generate-video`, { captionSettings: nested(40) });
    expect(video.status).toBe(400);
  });

  it('caps segments (100, their text 5,000 characters together) and id lists with clear messages, writing nothing', async () => {
    const user = await signUpAndIn(stack, 'bounds');
    const script = (await createScript(user)).body;
    const segment = (text: string) => ({ text, mediaDuration: 3, mediaStartTime: 0 });

    // 200 long segments: about 800 KB, which DynamoDB refused with a 500 before.
    const long = await user.client.patch<Problem>(`/api/scripts/${script.id}`, {
      videoMetadata: {
        segments: Array.from({ length: 200 }, () => ({ ...segment('w'.repeat(2_000)), mediaFile: `/api/${'x'.repeat(1_995)}` })),
        totalDuration: 600,
      },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A video can have at most 100 segments');

    const wordy = await user.client.patch<Problem>(`/api/scripts/${script.id}`, {
      videoMetadata: { segments: Array.from({ length: 50 }, () => segment('w'.repeat(200))), totalDuration: 150 },
    });
    expect(wordy.status).toBe(400);
    expect(wordy.body.message).toBe("The segments' text must be at most 5,000 characters in total");

    const ids = await user.client.patch<Problem>(`/api/scripts/${script.id}`, { usedMediaIds: Array.from({ length: 101 }, (_, i) => `M${i}`) });
    expect(ids.status).toBe(400);
    expect(ids.body.message).toBe('usedMediaIds can name at most 100 media');

    const created = await createScript(user, { videoMetadata: { segments: Array.from({ length: 101 }, () => segment('Hi.')), totalDuration: 303 } });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('A video can have at most 100 segments');

    expect((await storedScript(user, script.id))?.videoMetadata).toBeNull();
    expect(await scriptsOf(user)).toHaveLength(1);
  });

  it('checks the size of a record before it is written: 413 and nothing written, on create and on update', async () => {
    const user = await signUpAndIn(stack, 'bounds');
    const script = (await createScript(user)).body;
    // Within every bound, but 3-byte characters: 100 segments × 2 addresses × 800 × 3 bytes ≈ 480 KB.
    const address = `/api/${'語'.repeat(800 - 5)}`;
    const heavy = {
      segments: Array.from({ length: 100 }, (_, i) => ({
        text: `Scene ${i}.`,
        mediaFile: address,
        thumbnailUrl: address,
        mediaDuration: 3,
        mediaStartTime: 0,
      })),
      totalDuration: 300,
    };

    const updated = await user.client.patch<Problem>(`/api/scripts/${script.id}`, { videoMetadata: heavy });
    expect(updated.status).toBe(413);
    expect(updated.body.message).toMatch(/^The record is too large to save \(\d+ KB; at most 400 KB\)$/);
    expect((await storedScript(user, script.id))?.videoMetadata).toBeNull();

    const created = await createScript(user, { title: 'Heavy', videoMetadata: heavy });
    expect(created.status).toBe(413);
    expect(created.body.message).toMatch(/^The record is too large to save/);
    expect((await scriptsOf(user)).map((s) => s.id)).toEqual([script.id]);
  });

  it('refuses a truncated faststart MP4 that ffprobe reads but that has no frame: 422 and nothing kept, on both upload paths', async () => {
    const user = await signUpAndIn(stack, 'bounds');
    const full = join(dir, 'faststart.mp4');
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      full,
    ]);
    const bytes = new Uint8Array(await readFile(full));
    // The index (moov) is whole and first; only 4 KB of the media data follow it.
    const cut = bytes.slice(0, moovEnd(bytes) + 4096);
    const file: MediaFile = { name: 'cut-short.mp4', type: 'video/mp4', bytes: cut };

    const viaS3 = await uploadFile(user.client, file);
    expect(viaS3.status).toBe(422);
    expect(viaS3.body).toMatchObject({ message: 'No frame of the MP4 file could be read: it may be damaged or incomplete' });

    const token = await user.client.fetchCsrfToken();
    const form = new FormData();
    form.append('file', new Blob([cut], { type: 'video/mp4' }), 'cut-short.mp4');
    const direct = await user.client.raw('/api/media/upload', { method: 'POST', body: form, headers: { 'x-csrf-token': token } });
    expect(direct.status).toBe(422);
    expect(await direct.json()).toMatchObject({ message: 'No frame of the MP4 file could be read: it may be damaged or incomplete' });

    expect(await objectsOf(user.id)).toEqual([]);
    const listed = await user.client.get<{ totalCount: number; storage: { usedBytes: number } }>('/api/media');
    expect(listed.body.totalCount).toBe(0);
    expect(listed.body.storage.usedBytes).toBe(0);
  });
});

/** Where the top-level `moov` box of an MP4 ends. */
function moovEnd(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 8 <= bytes.byteLength;) {
    const size = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (type === 'moov') return offset + size;
    if (size < 8) break;
    offset += size;
  }
  throw new Error('no moov box');
}

describe('point 4: a script is never longer than the voices can speak', () => {
  const over = 'w'.repeat(5_001);

  it('refuses script content over 5,000 characters on create and on update, and takes 5,000', async () => {
    const user = await signUpAndIn(stack, 'length');
    const created = await createScript(user, { scriptContent: over });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('Script content must be at most 5,000 characters');

    const script = (await createScript(user)).body;
    const updated = await user.client.patch<Problem>(`/api/scripts/${script.id}`, { scriptContent: over });
    expect(updated.status).toBe(400);
    expect(updated.body.message).toBe('Script content must be at most 5,000 characters');
    expect((await storedScript(user, script.id))?.scriptContent).toBe('Small habits build big wins.');

    expect((await createScript(user, { scriptContent: 'w'.repeat(5_000) })).status).toBe(201);
  });

  it('voices a script at the cap made of the shortest words with the offline voice (it failed with 502 before)', async () => {
    const user = await signUpAndIn(stack, 'length');
    // 2,000 one-letter words: their word-by-word take is ~50,000 characters, twice what eSpeak takes at once.
    const content = 'I a. '.repeat(1_000).trim();
    expect(content.length).toBeLessThanOrEqual(5_000);
    const script = (await createScript(user, { scriptContent: content })).body;
    const converted = await user.client.post<{ audioDuration: number; script: Script } & Problem>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body.audioDuration).toBeGreaterThan(60);
    expect(converted.body.script.audioDuration).toBe(converted.body.audioDuration);
  }, 120_000);
});

describe("point 7: records point only at the caller's own voices and folders (or the presets)", () => {
  async function ownVoice(user: SignedInUser): Promise<string> {
    const created = await user.client.post<{ id: string }>('/api/voices', { voiceId: 'clone-bounds', name: 'Mine' });
    expect(created.status).toBe(201);
    return created.body.id;
  }
  async function ownFolder(user: SignedInUser): Promise<string> {
    const created = await user.client.post<{ id: string }>('/api/media/folders', { name: 'Trips' });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  it("refuses another user's voice as selectedVoice (400 naming the field), and takes a preset or the user's own", async () => {
    const [owner, other] = await Promise.all([signUpAndIn(stack, 'owner'), signUpAndIn(stack, 'other')]);
    const theirs = await ownVoice(owner);
    const mine = await ownVoice(other);

    const refused = await other.client.patch<Problem>('/api/user', { selectedVoice: theirs });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'selectedVoice: Voice not found',
      details: [{ path: 'selectedVoice', message: 'selectedVoice: Voice not found' }],
    });
    expect((await other.client.patch<Problem>('/api/user', { selectedVoice: 'no-such-voice' })).status).toBe(400);
    expect((await other.client.get<{ selectedVoice: string | null }>('/api/user')).body.selectedVoice).toBeNull();

    expect((await other.client.patch('/api/user', { selectedVoice: '21m00Tcm4TlvDq8ikWAM' })).status).toBe(200);
    expect((await other.client.patch('/api/user', { selectedVoice: mine })).status).toBe(200);
    expect((await other.client.get<{ selectedVoice: string | null }>('/api/user')).body.selectedVoice).toBe(mine);
    expect((await other.client.patch('/api/user', { selectedVoice: null })).status).toBe(200);
  });

  it("refuses another user's voice or folder on a script and another user's voice on a template", async () => {
    const [owner, other] = await Promise.all([signUpAndIn(stack, 'owner'), signUpAndIn(stack, 'other')]);
    const [theirVoice, theirFolder] = await Promise.all([ownVoice(owner), ownFolder(owner)]);
    const [myVoice, myFolder] = await Promise.all([ownVoice(other), ownFolder(other)]);

    const voice = await createScript(other, { voiceId: theirVoice });
    expect(voice.status).toBe(400);
    expect(voice.body.message).toBe('voiceId: Voice not found');
    const folder = await createScript(other, { preferredFolderId: theirFolder });
    expect(folder.status).toBe(400);
    expect(folder.body.message).toBe('preferredFolderId: Folder not found');
    expect(await scriptsOf(other)).toEqual([]);

    const script = await createScript(other, { voiceId: myVoice, preferredFolderId: myFolder });
    expect(script.status).toBe(201);
    expect(script.body).toMatchObject({ voiceId: myVoice, preferredFolderId: myFolder });
    expect((await createScript(other, { voiceId: 'pNInz6obpgDQGcFmaJgB', preferredFolderId: 'all' })).status).toBe(201);

    const patched = await other.client.patch<Problem>(`/api/scripts/${script.body.id}`, { voiceId: theirVoice });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toBe('voiceId: Voice not found');
    expect((await storedScript(other, script.body.id))?.voiceId).toBe(myVoice);
    expect((await other.client.patch(`/api/scripts/${script.body.id}`, { voiceId: null })).status).toBe(200);

    const template = await other.client.post<Problem>('/api/script-templates', { name: 'Morning', voiceSelection: theirVoice });
    expect(template.status).toBe(400);
    expect(template.body.message).toBe('voiceSelection: Voice not found');
    expect((await other.client.get<unknown[]>('/api/script-templates')).body).toEqual([]);
    expect((await other.client.post('/api/script-templates', { name: 'Morning', voiceSelection: myVoice })).status).toBe(201);
  });
});
