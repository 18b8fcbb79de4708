import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoVideoRunStore } from '../../functions/adapters/aws/dynamo/video-runs';
import { ffprobePath } from '../../functions/adapters/ffmpeg/binaries';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import { staleRunMs } from '../../functions/core/scripts/lifecycle';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult } from '../../functions/contract/video';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';
import { TestSocket } from './support/ws-client';

/** Voice-overs on the embedded stack with the offline voice (Flite; eSpeak NG for clones), docs/pipeline-contract.md. */
let stack: LocalStack;
let scratch: string;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY; // the offline voice; voice-over-elevenlabs.test.ts drives the SDK
  stack = await startTestStack();
  scratch = mkdtempSync(join(tmpdir(), 'voice-over-test-'));
});
afterAll(async () => {
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Word {
  word: string;
  start: number;
  end: number;
}

const text = 'Coffee tastes better at home. Grind the beans fresh, weigh them, and keep the water just below boiling.';

async function createScript(user: SignedInUser, fields: Record<string, unknown> = {}): Promise<Script> {
  const response = await user.client.post<Script>('/api/scripts', { title: 'Home coffee', scriptContent: text, ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

async function openSocket(user: SignedInUser, types: string[]): Promise<TestSocket> {
  const ticket = await user.client.get<{ ticket: string }>('/api/ws-ticket');
  const socket = await TestSocket.open(stack.url.replace(/^http/, 'ws') + '/ws', stack.url);
  socket.send({ action: 'authenticate', token: ticket.body.ticket });
  expect(await socket.next()).toMatchObject({ type: 'auth_success' });
  socket.send({ action: 'subscribe', types });
  expect(await socket.next()).toMatchObject({ type: 'subscription' });
  return socket;
}

async function audioMinutesUsed(user: SignedInUser): Promise<number> {
  const stats = await user.client.get<{ audioMinutesUsed: number; audioMinutesLimit: number }>('/api/stats');
  expect(stats.status).toBe(200);
  return stats.body.audioMinutesUsed;
}

/** The user's stored voice-over files (the bucket listing, as an operator would see it). */
async function storedAudio(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/audio/` }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '');
}

/** Follows a playback redirect as a browser does, from the API to the presigned URL. */
async function follow(user: SignedInUser, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const redirect = await user.client.raw(path);
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('cache-control')).toBe('private, max-age=60');
  const location = redirect.headers.get('location');
  expect(location).toBeTruthy();
  return fetch(location ?? '', { headers });
}

async function probe(bytes: Uint8Array): Promise<{ codec: string; sampleRate: number; channels: number; duration: number }> {
  const file = join(scratch, `probe-${Date.now()}-${Math.random().toString(16).slice(2)}.mp3`);
  writeFileSync(file, bytes);
  const { stdout } = await runTool(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    timeoutMs: 15_000,
    maxOutputBytes: 1_000_000,
  });
  const json = JSON.parse(stdout.toString('utf8')) as {
    format: { duration: string };
    streams: { codec_name: string; sample_rate: string; channels: number }[];
  };
  const stream = json.streams[0];
  return { codec: stream?.codec_name ?? '', sampleRate: Number(stream?.sample_rate), channels: stream?.channels ?? 0, duration: Number(json.format.duration) };
}

describe('POST /api/scripts/{id}/convert-to-audio', () => {
  it('speaks the script, stores a playable MP3 and its word timings, charges the minutes and tells the page', async () => {
    const user = await signUpAndIn(stack, 'voice');
    const script = await createScript(user);
    expect(script).toMatchObject({ audioGenerationError: null, videoGenerationError: null, videoProgress: null });
    const socket = await openSocket(user, ['script-update']);

    const response = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(response.status).toBe(200);
    const { audioUrl, audioDuration, tokensUsed } = response.body;
    expect(audioUrl).toMatch(new RegExp(`^/api/audio/${script.id}-[0-9a-f]+\\.mp3$`));
    expect(tokensUsed).toBe(text.length);
    expect(audioDuration).toBeGreaterThan(3);
    expect(response.body.script).toMatchObject({ id: script.id, audioUrl, audioDuration, audioGenerationStatus: 'complete', audioGenerationError: null });

    // The MP3 plays: ffprobe reads MP3, mono, 44.1 kHz, of the answered length.
    const mp3 = await follow(user, audioUrl);
    expect(mp3.status).toBe(200);
    const bytes = new Uint8Array(await mp3.arrayBuffer());
    const info = await probe(bytes);
    expect(info).toMatchObject({ codec: 'mp3', sampleRate: 44_100, channels: 1 });
    expect(Math.abs(info.duration - audioDuration)).toBeLessThan(0.05);

    // The player can seek: the presigned URL answers a Range request with 206.
    const ranged = await follow(user, audioUrl, { range: 'bytes=100-1099' });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(1000);

    // The word timings sit beside it, one per spoken word, in order and inside the audio.
    const wordsResponse = await follow(user, audioUrl.replace(/\.mp3$/, '.words.json'));
    expect(wordsResponse.status).toBe(200);
    const words = (await wordsResponse.json()) as Word[];
    expect(words.map((w) => w.word)).toEqual(text.split(/\s+/));
    words.forEach((word, i) => {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(audioDuration);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1]?.start ?? 0);
    });

    const charged = Math.max(0.01, Math.round((audioDuration / 60) * 100) / 100);
    expect(await audioMinutesUsed(user)).toBe(charged);

    expect(await socket.next()).toMatchObject({ type: 'script-update', scriptId: script.id, userId: user.id, audioGenerationStatus: 'generating' });
    expect(await socket.next()).toMatchObject({ type: 'script-update', scriptId: script.id, audioGenerationStatus: 'complete' });
    await socket.close();

    const listed = await user.client.get<Script[]>('/api/scripts');
    expect(listed.body.find((s) => s.id === script.id)).toMatchObject({ audioUrl, audioDuration, audioGenerationStatus: 'complete' });
  });

  it('speaks with a free Flite voice at the creator’s speed (0.8x–1.3x), its timings on the audio', async () => {
    const user = await signUpAndIn(stack, 'flite');
    const voices = await user.client.get<{ id: string; name: string; voiceId: string }[]>('/api/voices');
    const free = voices.body.filter((voice) => voice.voiceId.startsWith('flite-')).map((voice) => voice.id);
    expect(free).toEqual(expect.arrayContaining(['offline-rms', 'offline-slt', 'offline-awb', 'offline-kal']));

    const script = await createScript(user);
    const normal = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, { voiceId: 'offline-slt' });
    expect(normal.status).toBe(200);
    expect(normal.body.script.voiceId).toBe('offline-slt');

    // Out of bounds is refused with the bound; 1.3x is kept and speaks faster.
    const refused = await user.client.patch('/api/user', { voiceSpeed: 1.5 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Voice speed must be between 0.8x and 1.3x');
    const saved = await user.client.patch<{ voiceSpeed?: number }>('/api/user', { voiceSpeed: 1.3 });
    expect(saved.status).toBe(200);
    expect(saved.body.voiceSpeed).toBe(1.3);

    const fast = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(fast.status).toBe(200);
    expect(fast.body.audioDuration).toBeLessThan(normal.body.audioDuration * 0.85);
    const words = (await (await follow(user, fast.body.audioUrl.replace(/\.mp3$/, '.words.json'))).json()) as Word[];
    expect(words.map((w) => w.word)).toEqual(text.split(/\s+/));
    words.forEach((word, i) => {
      expect(word.end).toBeGreaterThan(word.start);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    });
    // The words cover the audio: the last ends within the MP3's trailing silence.
    expect(fast.body.audioDuration - (words.at(-1)?.end ?? 0)).toBeLessThan(0.4);
  });

  it('reuses the stored voice-over for the pipeline (ensureVoiceOver) without charging again', async () => {
    const user = await signUpAndIn(stack, 'voice');
    const script = await createScript(user);
    const first = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(first.status).toBe(200);
    const used = await audioMinutesUsed(user);

    const again = await services().voiceOver.ensureVoiceOver(user.id, script.id);
    expect(again.audioKey).toBe(`users/${user.id}/audio/${first.body.audioUrl.split('/').pop() ?? ''}`);
    expect(again.wordsKey).toBe(again.audioKey.replace(/\.mp3$/, '.words.json'));
    expect(again.durationSeconds).toBe(first.body.audioDuration);
    expect(again.words.length).toBe(text.split(/\s+/).length);
    expect(await audioMinutesUsed(user)).toBe(used);

    // A script without audio gets one, charged like a conversion.
    const fresh = await createScript(user);
    const made = await services().voiceOver.ensureVoiceOver(user.id, fresh.id);
    expect(made.audioKey).toMatch(new RegExp(`^users/${user.id}/audio/${fresh.id}-[0-9a-f]+\\.mp3$`));
    expect(await audioMinutesUsed(user)).toBeGreaterThan(used);
  });

  it('replaces the previous voice-over and uses the voice asked for', async () => {
    const user = await signUpAndIn(stack, 'voice');
    const script = await createScript(user);
    const first = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    const second = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, { voiceId: 'pNInz6obpgDQGcFmaJgB' });
    expect(second.status).toBe(200);
    expect(second.body.audioUrl).not.toBe(first.body.audioUrl);
    expect(second.body.script.voiceId).toBe('pNInz6obpgDQGcFmaJgB');
    const files = await storedAudio(user.id);
    expect(files.sort()).toEqual(
      [
        `users/${user.id}/audio/${second.body.audioUrl.split('/').pop() ?? ''}`,
        `users/${user.id}/audio/${(second.body.audioUrl.split('/').pop() ?? '').replace('.mp3', '.words.json')}`,
      ].sort(),
    );
    expect((await user.client.raw(first.body.audioUrl)).status).toBe(404);

    const unknown = await user.client.post<{ message: string }>(`/api/scripts/${script.id}/convert-to-audio`, { voiceId: 'no-such-voice' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Voice not found');
  });

  it('refuses a new voice-over while a video run holds the script; new words remove the voice-over files', async () => {
    const user = await signUpAndIn(stack, 'voice');
    const script = await createScript(user);
    const first = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(first.status).toBe(200);
    const used = await audioMinutesUsed(user);

    // The run's claim as generate-video writes it.
    const runs = new DynamoVideoRunStore(services().table);
    expect(await runs.claim(user.id, script.id, 'RUN1', { videoGenerationStatus: 'generating' }, Date.now(), staleRunMs)).not.toBe('busy');
    const refused = await user.client.post<{ message: string; code: string }>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'A video is already being generated for this script', code: 'VIDEO_RUN_ACTIVE' });
    expect(await audioMinutesUsed(user)).toBe(used);
    const listed = await user.client.get<Script[]>('/api/scripts');
    expect(listed.body.find((s) => s.id === script.id)).toMatchObject({ audioUrl: first.body.audioUrl, audioGenerationStatus: 'complete' });
    expect(await storedAudio(user.id)).toHaveLength(2);
    await runs.release(user.id, script.id, 'RUN1', { videoGenerationStatus: 'failed' });

    const edited = await user.client.patch<Script>(`/api/scripts/${script.id}`, { scriptContent: 'Tea is lovely too.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ audioUrl: null, audioGenerationStatus: 'idle' });
    expect(await storedAudio(user.id)).toEqual([]);
    expect((await user.client.raw(first.body.audioUrl)).status).toBe(404);
  });

  it('refuses with 403 at the audio-minute limit and stores nothing', async () => {
    const user = await signUpAndIn(stack, 'voice');
    const script = await createScript(user);
    await setProfile(user.id, { audioMinutesUsed: 15 });
    const response = await user.client.post<{ message: string; details: string }>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Audio minutes limit reached');
    expect(response.body.details).toBe('You have used 15 of 15 audio minutes on the Free plan.');
    expect(await storedAudio(user.id)).toEqual([]);
    expect(await audioMinutesUsed(user)).toBe(15);

    // Just under the limit, a voice-over longer than what is left is refused after synthesis: the
    // files are removed, nothing is charged and the script says why.
    await setProfile(user.id, { audioMinutesUsed: 14.99 });
    const over = await user.client.post<{ message: string; details: string }>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('Audio minutes limit reached');
    expect(over.body.details).toMatch(/^You have used 14\.99 of 15 audio minutes on the Free plan\. This voice-over needs 0\.\d\d? minutes\.$/);
    expect(await storedAudio(user.id)).toEqual([]);
    expect(await audioMinutesUsed(user)).toBe(14.99);
    const listed = await user.client.get<Script[]>('/api/scripts');
    expect(listed.body.find((s) => s.id === script.id)).toMatchObject({
      audioGenerationStatus: 'failed',
      audioUrl: null,
      audioGenerationError: 'Audio minutes limit reached',
    });
  });

  it('never passes the limit with parallel conversions', async () => {
    const user = await signUpAndIn(stack, 'voice');
    const scripts = await Promise.all(Array.from({ length: 5 }, () => createScript(user)));
    // Each voice-over is about 0.1 minutes: room for two at most.
    await setProfile(user.id, { audioMinutesUsed: 14.78 });
    const answers = await Promise.all(scripts.map((s) => user.client.post<ConvertToAudioResult>(`/api/scripts/${s.id}/convert-to-audio`, {})));
    const ok = answers.filter((a) => a.status === 200);
    expect(answers.every((a) => a.status === 200 || a.status === 403)).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThan(answers.length);
    const used = await audioMinutesUsed(user);
    expect(used).toBeLessThanOrEqual(15);
    const charged = ok.reduce((sum, a) => sum + Math.max(0.01, Math.round((a.body.audioDuration / 60) * 100) / 100), 0);
    expect(used).toBeCloseTo(14.78 + charged, 5);
    expect((await storedAudio(user.id)).length).toBe(ok.length * 2);
  });

  it("does not convert another user's script, nor without the CSRF token", async () => {
    const owner = await signUpAndIn(stack, 'voice');
    const other = await signUpAndIn(stack, 'voice');
    const script = await createScript(owner);
    const foreign = await other.client.post<{ message: string }>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Script not found');

    const noCsrf = await owner.client.post(`/api/scripts/${script.id}/convert-to-audio`, {}, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(await storedAudio(owner.id)).toEqual([]);
    expect(await audioMinutesUsed(owner)).toBe(0);
  });
});

describe('GET /api/audio/{file} and /api/video/{file}', () => {
  it("answers only the session user's own files", async () => {
    const owner = await signUpAndIn(stack, 'voice');
    const other = await signUpAndIn(stack, 'voice');
    const script = await createScript(owner);
    const converted = await owner.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(converted.status).toBe(200);

    const foreign = await other.client.get<{ message: string }>(converted.body.audioUrl);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('File not found');

    const missingVideo = await owner.client.get<{ message: string }>(`/api/video/${script.id}-abc.mp4`);
    expect(missingVideo.status).toBe(404);
    expect(missingVideo.body.message).toBe('File not found');

    const signedOut = await fetch(new URL(converted.body.audioUrl, stack.url), { redirect: 'manual' });
    expect(signedOut.status).toBe(401);
  });

  it.each(['..%2F..%2Fsecret.mp3', 'voice.exe', 'a.b.mp3', '%2Fetc%2Fpasswd', 'voice.MP3x', `${'a'.repeat(250)}.mp3`])(
    'refuses the file name %s',
    async (name) => {
      const user = await signUpAndIn(stack, 'voice');
      for (const kind of ['audio', 'video']) {
        const response = await user.client.get<{ message: string }>(`/api/${kind}/${name}`);
        expect([400, 404]).toContain(response.status);
      }
    },
  );
});
