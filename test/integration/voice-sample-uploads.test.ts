import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { voiceCloneMessages } from '../../functions/contract/rules/voice-samples';
import type { CloneVoiceResult, VoiceSampleUploadTicket } from '../../functions/contract/voices';
import { sampleUploadMissing } from '../../functions/core/voices/sample-uploads';
import { services } from '../support/services';
import { spokenMp3 } from '../support/speech';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * Voice samples sent to storage before the clone: a synchronous request in the cloud carries
 * about 6 MB, so the Settings page uploads each sample with a presigned POST and the clone names them.
 * Runs on the local stack (s3rver enforces the POST policy as S3 does).
 */
const run = promisify(execFile);
let stack: LocalStack;
let dir: string;
/** About 20 s of eSpeak speech, as an MP3 (about 240 KB). */
let speech: Uint8Array;
/** The same speech three times over as 44.1 kHz stereo WAV: about 8 MB, more than one cloud request carries. */
let bigSpeech: Uint8Array;

interface Refusal {
  message: string;
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '');
}

/** The browser's part: upload-url, then the presigned POST straight to storage. */
async function uploadSample(user: SignedInUser, file: { name: string; type: string; bytes: Uint8Array }): Promise<VoiceSampleUploadTicket> {
  const ticket = await user.client.post<VoiceSampleUploadTicket>('/api/tts/clone-voice/upload-url', {
    fileName: file.name,
    contentType: file.type,
    size: file.bytes.byteLength,
  });
  expect(ticket.status).toBe(201);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const stored = await fetch(ticket.body.url, { method: 'POST', body: form });
  expect(stored.status).toBeLessThan(300);
  return ticket.body;
}

const upload = (ticket: VoiceSampleUploadTicket, fileName = 'me.mp3') => ({ uploadId: ticket.uploadId, fileName, contentType: ticket.contentType });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-uploads-'));
  speech = new Uint8Array(
    await spokenMp3(
      dir,
      ['-v', 'en-us+m3', '-s', '160'],
      'Good morning everyone. Today I want to tell you about three simple habits that changed the way I work. First, I plan my day the night before. Second, I take a short walk after lunch. Third, I write down one thing I learned before I go to sleep.',
    ),
  );
  await writeFile(join(dir, 'speech.mp3'), speech);
  const wav = join(dir, 'big.wav');
  await run(ffmpegPath(), ['-v', 'error', '-y', '-stream_loop', '2', '-i', join(dir, 'speech.mp3'), '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', wav]);
  bigSpeech = new Uint8Array(await readFile(wav));
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('cloning from samples sent to storage first', () => {
  it('clones from an 8 MB sample (more than one cloud request carries), keeps its own copy and removes the upload', async () => {
    expect(bigSpeech.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    const user = await signUpAndIn(stack, 'bigclone');
    const ticket = await uploadSample(user, { name: 'long take.wav', type: 'audio/wav', bytes: bigSpeech });
    expect(ticket.maxBytes).toBe(bigSpeech.byteLength);
    expect(await objectsUnder(`tmp/voice-samples/${user.id}/`)).toEqual([`tmp/voice-samples/${user.id}/${ticket.uploadId}`]);

    // As the product's (docs/product.md#voice-cloning) client sends it: the CSRF token in the header and in the body.
    const _csrf = await user.client.fetchCsrfToken();
    const response = await user.client.post<CloneVoiceResult>('/api/tts/clone-voice', {
      name: 'Studio voice',
      consent: true,
      uploads: [upload(ticket, 'long take.wav')],
      _csrf,
    });
    expect(response.status).toBe(201);
    expect(response.body.voice).toMatchObject({ name: 'Studio voice', visibility: 'private', clone: { method: 'offline', sampleCount: 1 } });
    expect(response.body.voice.clone?.sampleSeconds).toBeGreaterThan(30);
    const voiceId = response.body.voice.id;
    expect(await objectsUnder(`users/${user.id}/voices/${voiceId}/`)).toEqual([`users/${user.id}/voices/${voiceId}/sample-1.wav`]);
    expect(await objectsUnder(`tmp/voice-samples/${user.id}/`)).toEqual([]);
  });

  it('refuses at upload-url what the form refuses: not audio 415, over 10 MB 413, empty 422, a malformed body 400', async () => {
    const user = await signUpAndIn(stack, 'sampleurl');
    const ask = (body: unknown) => user.client.post<Refusal>('/api/tts/clone-voice/upload-url', body);
    const notAudio = await ask({ fileName: 'clip.mp4', contentType: 'video/mp4', size: 1000 });
    expect(notAudio.status).toBe(415);
    expect(notAudio.body.message).toBe(voiceCloneMessages.notAudio);
    const tooBig = await ask({ fileName: 'long.wav', contentType: 'audio/wav', size: 10 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(voiceCloneMessages.tooBig);
    const empty = await ask({ fileName: 'none.mp3', contentType: 'audio/mpeg', size: 0 });
    expect(empty.status).toBe(422);
    for (const body of [
      {},
      { fileName: 'a.mp3', contentType: 'audio/mpeg' },
      { fileName: 'a.mp3', contentType: 'audio/mpeg', size: 10, key: 'users/x' },
      { fileName: 'x'.repeat(201), contentType: 'audio/mpeg', size: 10 },
    ])
      expect((await ask(body)).status).toBe(400);
    expect(await objectsUnder(`tmp/voice-samples/${user.id}/`)).toEqual([]);
  });

  it('refuses a sample over 10 MB that reached storage anyway (S3 holds the POST to its declared size; s3rver does not), keeping nothing', async () => {
    const user = await signUpAndIn(stack, 'overpost');
    const ticket = await user.client.post<VoiceSampleUploadTicket>('/api/tts/clone-voice/upload-url', {
      fileName: 'me.wav',
      contentType: 'audio/wav',
      size: 10 * 1024 * 1024,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
    const oversized = new Uint8Array(10 * 1024 * 1024 + 4096);
    oversized.set(bigSpeech.subarray(0, Math.min(bigSpeech.byteLength, oversized.byteLength)));
    form.append('file', new Blob([oversized], { type: 'audio/wav' }), 'me.wav');
    expect((await fetch(ticket.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const response = await user.client.post<Refusal>('/api/tts/clone-voice', { name: 'Too long', consent: true, uploads: [upload(ticket.body, 'me.wav')] });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(voiceCloneMessages.tooBig);
    expect(await objectsUnder(`tmp/voice-samples/${user.id}/`)).toEqual([]);
    expect(await objectsUnder(`users/${user.id}/voices/`)).toEqual([]);
  });

  it("refuses an upload that is not there, and another user's upload, without touching it", async () => {
    const owner = await signUpAndIn(stack, 'sampleowner');
    const other = await signUpAndIn(stack, 'sampletaker');
    const ticket = await uploadSample(owner, { name: 'me.mp3', type: 'audio/mpeg', bytes: speech });

    const taken = await other.client.post<Refusal>('/api/tts/clone-voice', { name: 'Not mine', consent: true, uploads: [upload(ticket)] });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(sampleUploadMissing);
    expect(await objectsUnder(`tmp/voice-samples/${owner.id}/`)).toEqual([`tmp/voice-samples/${owner.id}/${ticket.uploadId}`]);

    const never = await owner.client.post<Refusal>('/api/tts/clone-voice', {
      name: 'Mine',
      consent: true,
      uploads: [{ uploadId: '01JAAAAAAAAAAAAAAAAAAAAAAA', fileName: 'me.mp3', contentType: 'audio/mpeg' }],
    });
    expect(never.status).toBe(400);
    expect(never.body.message).toBe(sampleUploadMissing);
    expect((await other.client.get<{ clonedVoices: number }>('/api/stats')).body.clonedVoices).toBe(0);
  });

  it('checks the form first (name, samples, consent, their types, a bounded body) with the documented messages, and removes the uploads it was given', async () => {
    const user = await signUpAndIn(stack, 'sampleform');
    const cases: [unknown, number, string?][] = [
      [{ consent: true, uploads: [] }, 400, voiceCloneMessages.nameRequired],
      [{ name: 'Me', consent: true, uploads: [] }, 400, voiceCloneMessages.noFiles],
      [
        {
          name: 'Me',
          consent: true,
          uploads: Array.from({ length: 11 }, (_, i) => ({
            uploadId: `01JAAAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, '0')}`,
            fileName: 'a.mp3',
            contentType: 'audio/mpeg',
          })),
        },
        400,
        voiceCloneMessages.tooManyFiles,
      ],
      [{ name: 'Me', consent: 'yes please', uploads: [] }, 400],
      [{ name: 'Me', consent: true, uploads: [{ uploadId: '../../users/x/voices', fileName: 'a.mp3', contentType: 'audio/mpeg' }] }, 400],
      [{ name: 'Me', consent: true, uploads: [], extra: 1 }, 400],
    ];
    for (const [body, status, message] of cases) {
      const response = await user.client.post<Refusal>('/api/tts/clone-voice', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (message) expect(response.body.message).toBe(message);
    }
    const ticket = await uploadSample(user, { name: 'me.mp3', type: 'audio/mpeg', bytes: speech });
    const noConsent = await user.client.post<Refusal>('/api/tts/clone-voice', { name: 'Me', consent: false, uploads: [upload(ticket)] });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe(voiceCloneMessages.consentRequired);
    expect(await objectsUnder(`tmp/voice-samples/${user.id}/`)).toEqual([]);
    const text = await user.client.raw('/api/tts/clone-voice', {
      method: 'POST',
      body: 'name=Me',
      headers: { 'content-type': 'text/plain', 'x-csrf-token': await user.client.fetchCsrfToken() },
    });
    expect(text.status).toBe(400);
  });

  it('refuses bytes that are not audio after they were stored, keeping nothing', async () => {
    const user = await signUpAndIn(stack, 'samplefake');
    const ticket = await uploadSample(user, {
      name: 'fake.mp3',
      type: 'audio/mpeg',
      bytes: new TextEncoder().encode('not audio at all, just text '.repeat(100)),
    });
    const response = await user.client.post<Refusal>('/api/tts/clone-voice', { name: 'Fake', consent: true, uploads: [upload(ticket, 'fake.mp3')] });
    expect(response.status).toBe(415);
    expect(await objectsUnder(`tmp/voice-samples/${user.id}/`)).toEqual([]);
    expect(await objectsUnder(`users/${user.id}/voices/`)).toEqual([]);
  });
});
