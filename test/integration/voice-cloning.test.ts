import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { FfmpegVoiceSampleInspector } from '../../functions/adapters/ffmpeg/voice-sample-inspector';
import { voiceCloneMessages } from '../../functions/contract/rules/voice-samples';
import type { Script } from '../../functions/contract/scripts';
import type { CloneVoiceResult, DeleteVoiceResult, LinkVoiceResult, PublicVoice } from '../../functions/contract/voices';
import { analyseVoice } from '../../functions/core/voices/voice-analysis';
import { resetClients } from '../../functions/platform/entry-context';
import { resetConfigCache } from '../../functions/platform/config';
import { startFakeElevenLabs, type FakeElevenLabs } from '../fakes/elevenlabs';
import { services } from '../support/services';
import { spokenMp3 } from '../support/speech';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * Voice cloning on the local stack: offline (an eSpeak profile measured from the sample)
 * and through the real ElevenLabs SDK against the wire-level fake; validation with nothing stored; the
 * plan's limit under parallel requests; deleting; ownership; voicing a script with the clone.
 */
const run = promisify(execFile);
let stack: LocalStack;
let dir: string;
/** About 20 s of eSpeak speech at a known voice (f3, pitch 50, 165 words a minute), as an MP3. */
let speech: Uint8Array;

const paragraph =
  'Good morning everyone. Today I want to tell you about three simple habits that changed the way I work. First, I plan my day the night before. Second, I take a short walk after lunch. Third, I write down one thing I learned before I go to sleep. It sounds easy, and it is, but it makes a real difference over a few weeks.';

async function tone(seconds: number, ext: 'wav' | 'mp3'): Promise<Uint8Array> {
  const out = join(dir, `tone-${Math.random().toString(36).slice(2)}.${ext}`);
  await run(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=180:sample_rate=16000:duration=${seconds}`, out]);
  return new Uint8Array(await readFile(out));
}

interface Part {
  name: string;
  type: string;
  bytes: Uint8Array;
}

async function clone(user: SignedInUser, fields: { name?: string; consent?: string | null; files?: Part[] }) {
  const token = await user.client.fetchCsrfToken();
  const form = new FormData();
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.consent !== null) form.append('consent', fields.consent ?? 'true');
  for (const file of fields.files ?? []) form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await user.client.raw('/api/tts/clone-voice', { method: 'POST', body: form, headers: { 'x-csrf-token': token } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as CloneVoiceResult & { message: string } };
}

const sample = (): Part => ({ name: 'me.mp3', type: 'audio/mpeg', bytes: speech });

async function objectsUnder(prefix: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '');
}

async function stats(user: SignedInUser) {
  return (await user.client.get<{ clonedVoices: number; voiceCloneLimit: number }>('/api/stats')).body;
}

async function privateVoices(user: SignedInUser): Promise<PublicVoice[]> {
  return (await user.client.get<PublicVoice[]>('/api/voices')).body.filter((voice) => voice.visibility === 'private');
}

async function script(user: SignedInUser, scriptContent = 'Three tips for better sleep. Keep a schedule and dim the lights.'): Promise<Script> {
  const response = await user.client.post<Script>('/api/scripts', { title: 'Sleep', scriptContent });
  expect(response.status).toBe(201);
  return response.body;
}

/** The pitch of a stored voice-over, measured the way the clone measured its sample. */
async function voiceOverPitch(audioUrl: string, userId: string): Promise<number | null> {
  const { s3, config } = services();
  const key = `users/${userId}/audio/${audioUrl.split('/').pop() ?? ''}`;
  const object = await s3.send(new GetObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: key }));
  const bytes = await object.Body?.transformToByteArray();
  if (!bytes) return null;
  const inspected = await new FfmpegVoiceSampleInspector().inspect(bytes);
  return analyseVoice(inspected.pcm, inspected.sampleRate).pitchHz;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-cloning-'));
  speech = new Uint8Array(await spokenMp3(dir, ['-v', 'en-us+f3', '-p', '50', '-s', '165'], paragraph));
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('cloning offline (no ElevenLabs key)', () => {
  it('measures the sample and makes an eSpeak profile that matches it, keeping the sample private', async () => {
    const user = await signUpAndIn(stack, 'cloner');
    const response = await clone(user, { name: 'My voice', files: [sample()] });
    expect(response.status).toBe(201);
    const { voice, userVoice, message } = response.body;
    expect(message).toMatch(/offline approximation/);
    expect(userVoice).toMatchObject({ voiceId: voice.id, isDefault: false }); // "Make default" makes it the default
    expect(voice).toMatchObject({ name: 'My voice', visibility: 'private', clone: { method: 'offline', sampleCount: 1 } });
    expect(voice).not.toHaveProperty('sampleKeys');
    expect(voice).not.toHaveProperty('userId');
    // The sample was made by eSpeak f3 at -p 50 and 165 wpm: the profile finds its way back.
    expect(voice.clone?.offlineProfile?.variant).toBe('f3');
    expect(Math.abs((voice.clone?.offlineProfile?.pitch ?? 0) - 50)).toBeLessThanOrEqual(10);
    expect(Math.abs((voice.clone?.offlineProfile?.wordsPerMinute ?? 0) - 165)).toBeLessThanOrEqual(25);
    expect(voice.clone?.sampleSeconds).toBeGreaterThan(15);

    expect(await objectsUnder(`users/${user.id}/voices/${voice.id}/`)).toEqual([`users/${user.id}/voices/${voice.id}/sample-1.mp3`]);
    // Your Voice first in every select; the stats count it.
    const listed = (await user.client.get<PublicVoice[]>('/api/voices')).body;
    expect(listed[0]).toMatchObject({ id: voice.id, visibility: 'private', isDefault: false });
    expect(await stats(user)).toMatchObject({ clonedVoices: 1, voiceCloneLimit: 1 });
    // The sample plays in the profile's voice.
    const sampleUrl = await user.client.get<{ sampleAudioUrl: string }>(`/api/voices/${voice.id}/sample`);
    expect(sampleUrl.status).toBe(200);
    // Free plan: one clone.
    const second = await clone(user, { name: 'Again', files: [sample()] });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe('Voice clone limit reached');
  });

  it('refuses bad input with the documented messages and stores nothing', async () => {
    const user = await signUpAndIn(stack, 'badclone');
    const short = await tone(3, 'wav');
    const cases: [Parameters<typeof clone>[1], number, string][] = [
      [{ name: '', files: [sample()] }, 400, voiceCloneMessages.nameRequired],
      [{ name: '   ', files: [sample()] }, 400, voiceCloneMessages.nameRequired],
      [{ files: [sample()] }, 400, voiceCloneMessages.nameRequired],
      [{ name: 'Me', files: [] }, 400, voiceCloneMessages.noFiles],
      [{ name: 'Me', consent: null, files: [sample()] }, 400, voiceCloneMessages.consentRequired],
      [{ name: 'Me', consent: 'false', files: [sample()] }, 400, voiceCloneMessages.consentRequired],
      // Claimed audio, but the bytes are text: checked with ffprobe.
      [
        { name: 'Me', files: [{ name: 'me.mp3', type: 'audio/mpeg', bytes: new TextEncoder().encode('not audio at all '.repeat(2000)) }] },
        415,
        voiceCloneMessages.notAudio,
      ],
      // A video is not a voice sample, whatever it claims.
      [{ name: 'Me', files: [{ name: 'notes.txt', type: 'text/plain', bytes: speech }] }, 415, voiceCloneMessages.notAudio],
      [{ name: 'Me', files: [{ name: 'short.wav', type: 'audio/wav', bytes: short }] }, 422, voiceCloneMessages.tooShort],
      [{ name: 'Me', files: [sample(), { name: 'bad.mp3', type: 'audio/mpeg', bytes: new Uint8Array(5000).fill(7) }] }, 415, voiceCloneMessages.notAudio],
    ];
    for (const [fields, status, message] of cases) {
      const response = await clone(user, fields);
      expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    }
    // Over 10 MB: refused (the local server bounds the body at 10 MB before the handler; the handler checks each file).
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(speech);
    const tooBig = await clone(user, { name: 'Me', files: [{ name: 'big.mp3', type: 'audio/mpeg', bytes: big }] });
    expect(tooBig.status).toBe(413);

    expect(await objectsUnder(`users/${user.id}/`)).toEqual([]);
    expect(await privateVoices(user)).toEqual([]);
    expect(await stats(user)).toMatchObject({ clonedVoices: 0 });
    // Not multipart at all.
    expect((await user.client.post('/api/tts/clone-voice', { name: 'Me' })).status).toBe(400);
  });

  it('holds the plan limit under six parallel requests, and a delete gives the clone back', async () => {
    const user = await signUpAndIn(stack, 'racer');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => clone(user, { name: `Voice ${i}`, files: [sample()] })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
    const made = results.filter((r) => r.status === 201).map((r) => r.body.voice.id);
    expect(await stats(user)).toMatchObject({ clonedVoices: 3, voiceCloneLimit: 3 });
    expect((await privateVoices(user)).map((v) => v.id).sort()).toEqual([...made].sort());
    // Only the counted clones kept their samples.
    const kept = await objectsUnder(`users/${user.id}/voices/`);
    expect(kept).toHaveLength(3);
    expect(kept.every((key) => made.some((id) => key.includes(`/voices/${id}/`)))).toBe(true);
    // Made default one after another: one default at a time.
    for (const id of made) expect((await user.client.post('/api/user-voices', { voiceId: id, isDefault: true })).status).toBe(200);
    expect((await privateVoices(user)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([made.at(-1)]);

    const [first] = made;
    const deleted = await user.client.delete<DeleteVoiceResult>(`/api/voices/${first}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: first, clonedVoices: 2 });
    expect(await objectsUnder(`users/${user.id}/voices/${first}/`)).toEqual([]);
    expect((await user.client.delete(`/api/voices/${first}`)).status).toBe(404); // gone
    expect(await stats(user)).toMatchObject({ clonedVoices: 2 });
    expect((await clone(user, { name: 'Back again', files: [sample()] })).status).toBe(201);
    expect((await clone(user, { name: 'One too many', files: [sample()] })).status).toBe(403);
  }, 120_000);

  it("links presets and own clones, one default at a time; another user's voice is not found anywhere", async () => {
    const owner = await signUpAndIn(stack, 'owner');
    const other = await signUpAndIn(stack, 'other');
    const made = await clone(owner, { name: 'Owner voice', files: [sample()] });
    expect(made.status).toBe(201);
    const voiceId = made.body.voice.id;

    // The other user: delete, link and speak with it are all 404; saving it on a script is refused.
    expect((await other.client.delete(`/api/voices/${voiceId}`)).status).toBe(404);
    expect((await other.client.post('/api/user-voices', { voiceId, isDefault: true })).status).toBe(404);
    const theirs = await script(other);
    expect((await other.client.post(`/api/scripts/${theirs.id}/convert-to-audio`, { voiceId })).status).toBe(404);
    expect((await other.client.patch(`/api/scripts/${theirs.id}`, { voiceId })).status).toBe(400);
    // A preset cannot be deleted.
    expect((await owner.client.delete('/api/voices/21m00Tcm4TlvDq8ikWAM')).status).toBe(404);
    expect((await owner.client.post('/api/user-voices', { voiceId: 'nope', isDefault: true })).status).toBe(404);
    expect((await owner.client.post('/api/user-voices', { voiceId })).status).toBe(400);
    expect((await owner.client.post('/api/user-voices', { voiceId: '../x', isDefault: true })).status).toBe(400);

    // A preset as default: the clone loses the flag; then the clone again.
    const preset = await owner.client.post<LinkVoiceResult>('/api/user-voices', { voiceId: 'EXAVITQu4vr4xnSDxMaL', isDefault: true });
    expect(preset.status).toBe(200);
    expect(preset.body.userVoice).toMatchObject({ voiceId: 'EXAVITQu4vr4xnSDxMaL', isDefault: true });
    let voices = (await owner.client.get<PublicVoice[]>('/api/voices')).body;
    expect(voices.filter((v) => v.isDefault).map((v) => v.id)).toEqual(['EXAVITQu4vr4xnSDxMaL']);
    expect((await owner.client.get<{ voice: PublicVoice }>('/api/voices/default/user')).body.voice.name).toBe('Bella');
    expect((await owner.client.post('/api/user-voices', { voiceId, isDefault: true })).status).toBe(200);
    voices = (await owner.client.get<PublicVoice[]>('/api/voices')).body;
    expect(voices.filter((v) => v.isDefault).map((v) => v.id)).toEqual([voiceId]);
    expect((await owner.client.get<{ voice: PublicVoice }>('/api/voices/default/user')).body.voice.id).toBe(voiceId);

    // Deleting the default clone leaves no stale default behind.
    expect((await owner.client.delete(`/api/voices/${voiceId}`)).status).toBe(200);
    expect((await owner.client.get('/api/voices/default/user')).status).toBe(404);
  });

  it("voices a script with the clone's profile (convert-to-audio and the pipeline's SynthesizeAudio)", async () => {
    const user = await signUpAndIn(stack, 'speaker');
    // A low male voice this time: eSpeak m3 at -p 20 (about 80 Hz).
    const low = new Uint8Array(await spokenMp3(dir, ['-v', 'en-us+m3', '-p', '20', '-s', '150'], paragraph));
    const made = await clone(user, { name: 'Low voice', files: [{ name: 'low.mp3', type: 'audio/mpeg', bytes: low }] });
    expect(made.status).toBe(201);
    const voice = made.body.voice;
    expect(voice.clone?.offlineProfile?.variant).toBe('m3');

    const words = await script(user, 'This is my own voice reading my script. It sounds a lot like me, at my own pace.');
    const converted = await user.client.post<{ audioUrl: string }>(`/api/scripts/${words.id}/convert-to-audio`, { voiceId: voice.id });
    expect(converted.status).toBe(200);
    const pitch = await voiceOverPitch(converted.body.audioUrl, user.id);
    expect(pitch).not.toBeNull();
    // The voice-over speaks near the measured pitch (eSpeak's intonation moves around it).
    expect(Math.abs((pitch ?? 0) / (voice.clone?.pitchHz ?? 1) - 1)).toBeLessThan(0.2);

    // The pipeline's SynthesizeAudio: the script's voice (saved above) is the clone.
    const saved = (await user.client.get<Script[]>('/api/scripts')).body.find((s) => s.id === words.id);
    expect(saved?.voiceId).toBe(voice.id);
    const another = await script(user, 'A second script, spoken by the pipeline in my voice.');
    expect((await user.client.patch(`/api/scripts/${another.id}`, { voiceId: voice.id })).status).toBe(200);
    const ensured = await services().voiceOver.ensureVoiceOver(user.id, another.id);
    const piped = (await user.client.get<Script[]>('/api/scripts')).body.find((s) => s.id === another.id);
    expect(ensured).toBeTruthy();
    const pipedPitch = await voiceOverPitch(piped?.audioUrl ?? '', user.id);
    expect(Math.abs((pipedPitch ?? 0) / (voice.clone?.pitchHz ?? 1) - 1)).toBeLessThan(0.2);
  }, 60_000);
});

describe('cloning through ElevenLabs (the real SDK against the wire-level fake)', () => {
  let fake: FakeElevenLabs;
  const apiKey = 'xi-clone-test-key-never-shown';
  let offlineUser: SignedInUser;
  let offlineVoice: PublicVoice;

  beforeAll(async () => {
    // A clone made offline before the key is set keeps speaking with eSpeak afterwards.
    offlineUser = await signUpAndIn(stack, 'before');
    offlineVoice = (await clone(offlineUser, { name: 'Offline one', files: [sample()] })).body.voice;
    fake = await startFakeElevenLabs();
    process.env.ELEVENLABS_API_KEY = apiKey;
    process.env.ELEVENLABS_BASE_URL = fake.baseUrl;
    resetConfigCache();
    resetClients();
  });

  afterAll(async () => {
    delete process.env.ELEVENLABS_API_KEY;
    delete process.env.ELEVENLABS_BASE_URL;
    resetConfigCache();
    resetClients();
    await fake?.close();
  });

  it('clones with voices.ivc.create, speaks with the provider voice, and deletes it there', async () => {
    const user = await signUpAndIn(stack, 'eleven');
    const response = await clone(user, { name: 'Studio me', files: [sample(), { ...sample(), name: 'second.mp3' }] });
    expect(response.status).toBe(201);
    const voice = response.body.voice;
    expect(voice.clone).toMatchObject({ method: 'elevenlabs', sampleCount: 2, offlineProfile: null });
    const call = fake.clones.at(-1);
    expect(call).toMatchObject({ apiKey, name: 'Studio me' });
    expect(call?.files).toEqual([
      { filename: 'sample-1.mp3', contentType: 'audio/mpeg', bytes: speech.byteLength },
      { filename: 'sample-2.mp3', contentType: 'audio/mpeg', bytes: speech.byteLength },
    ]);
    expect(voice.voiceId).toBe(call?.voiceId);

    const words = await script(user);
    expect((await user.client.post(`/api/scripts/${words.id}/convert-to-audio`, { voiceId: voice.id })).status).toBe(200);
    expect(fake.requests.at(-1)?.voiceId).toBe(call?.voiceId);

    const deleted = await user.client.delete<DeleteVoiceResult>(`/api/voices/${voice.id}`);
    expect(deleted.status).toBe(200);
    expect(fake.deleted).toContain(call?.voiceId);
    expect(await stats(user)).toMatchObject({ clonedVoices: 0 });
  });

  it('keeps nothing when the provider refuses, and answers a sentence a user can act on', async () => {
    const user = await signUpAndIn(stack, 'refused');
    fake.queueClone({ kind: 'status', status: 401 });
    const response = await clone(user, { name: 'Nope', files: [sample()] });
    expect(response.status).toBe(502);
    expect(response.body.message).not.toContain('fake');
    expect(await objectsUnder(`users/${user.id}/`)).toEqual([]);
    expect(await stats(user)).toMatchObject({ clonedVoices: 0 });
  });

  it('deletes the cloned voices at the provider when the account is closed (the offline one has none there)', async () => {
    const user = await signUpAndIn(stack, 'leaving');
    const made = await clone(user, { name: 'Going away', files: [sample()] });
    expect(made.status).toBe(201);
    const providerVoiceId = fake.clones.at(-1)?.voiceId;
    expect(made.body.voice.voiceId).toBe(providerVoiceId);
    const before = fake.deleted.length;
    const closed = await user.client.post('/api/account/delete', { password: 'correct horse 1' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(fake.deleted.slice(before)).toEqual([providerVoiceId]);
  });

  it('speaks an offline clone with eSpeak even with the key set', async () => {
    const before = fake.requests.length;
    const words = await script(offlineUser);
    expect((await offlineUser.client.post(`/api/scripts/${words.id}/convert-to-audio`, { voiceId: offlineVoice.id })).status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });
});
