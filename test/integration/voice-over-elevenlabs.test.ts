import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { elevenLabsMessages } from '../../functions/adapters/providers/elevenlabs-speech';
import { services } from '../support/services';
import { setLogSink } from '../../functions/platform/observability/logging';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult } from '../../functions/contract/video';
import { secondsPerCharacter, startFakeElevenLabs, type FakeElevenLabs } from '../fakes/elevenlabs';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/** The real `@elevenlabs/elevenlabs-js` SDK, pointed (ELEVENLABS_BASE_URL) at a wire-level fake. */
let stack: LocalStack;
let fake: FakeElevenLabs;
const apiKey = 'xi-test-0123456789-never-shown';
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeElevenLabs();
  process.env.ELEVENLABS_API_KEY = apiKey;
  process.env.ELEVENLABS_BASE_URL = fake.baseUrl;
  stack = await startTestStack();
  process.env.LOG_LEVEL = 'debug';
  setLogSink((line) => logLines.push(line));
});
afterAll(async () => {
  setLogSink(undefined);
  delete process.env.LOG_LEVEL;
  await stack?.stop();
  await fake?.close();
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.ELEVENLABS_BASE_URL;
});

const text = 'Three tips for better sleep. Keep a schedule, dim the lights, and skip late coffee!';

async function createScript(user: SignedInUser): Promise<Script> {
  const response = await user.client.post<Script>('/api/scripts', { title: 'Sleep', scriptContent: text });
  expect(response.status).toBe(201);
  return response.body;
}

async function audioMinutesUsed(user: SignedInUser): Promise<number> {
  return (await user.client.get<{ audioMinutesUsed: number }>('/api/stats')).body.audioMinutesUsed;
}

async function storedAudio(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/audio/` }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '');
}

describe('the ElevenLabs voice', () => {
  it('speaks with the chosen voice and its settings, and words come from the character timestamps', async () => {
    const user = await signUpAndIn(stack, 'eleven');
    expect((await user.client.patch('/api/user', { selectedVoice: 'ErXwobaYiN019PkySvjV' })).status).toBe(200);
    const script = await createScript(user);
    const response = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(response.status).toBe(200);
    expect(response.body.tokensUsed).toBe(text.length);

    const request = fake.requests.at(-1);
    expect(request?.voiceId).toBe('ErXwobaYiN019PkySvjV'); // the user's selected voice (Antoni)
    expect(request?.apiKey).toBe(apiKey);
    expect(request?.query.get('output_format')).toBe('mp3_44100_128');
    expect(request?.body).toMatchObject({
      text,
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.75, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 },
    });

    // The fake speaks each character for 60 ms; the MP3 is re-encoded, so its length is within a frame or two.
    const spoken = text.length * secondsPerCharacter;
    expect(Math.abs(response.body.audioDuration - spoken)).toBeLessThan(0.1);
    const voiceOver = await services().voiceOver.ensureVoiceOver(user.id, script.id);
    const ms = (n: number) => Math.round(n * secondsPerCharacter * 1000) / 1000;
    let position = 0;
    const expected = text.split(' ').map((word) => {
      const at = text.indexOf(word, position);
      position = at + word.length;
      return { word, start: ms(at), end: ms(at + word.length) };
    });
    expect(voiceOver.words).toEqual(expected);
    expect(await audioMinutesUsed(user)).toBe(Math.round((response.body.audioDuration / 60) * 100) / 100);

    // A voice asked for by id uses that voice's ElevenLabs id.
    const asked = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, { voiceId: 'pNInz6obpgDQGcFmaJgB' });
    expect(asked.status).toBe(200);
    expect(fake.requests.at(-1)?.voiceId).toBe('pNInz6obpgDQGcFmaJgB');

    expect(JSON.stringify(response.body)).not.toContain(apiKey);
    expect(logLines.join('\n')).not.toContain(apiKey);
  });

  it.each([
    ['401 (a bad key)', [{ kind: 'status', status: 401 }], elevenLabsMessages.configuration],
    ['404 (an unknown voice)', [{ kind: 'status', status: 404 }], elevenLabsMessages.voiceMissing],
    [
      '500 (after the one retry)',
      [
        { kind: 'status', status: 500 },
        { kind: 'status', status: 500 },
      ],
      elevenLabsMessages.unavailable,
    ],
    ['a malformed answer', [{ kind: 'malformed' }], elevenLabsMessages.unreadable],
  ] as const)('answers %s with a clear error, stores nothing, charges nothing and marks the audio failed', async (_name, behaviours, reason) => {
    const user = await signUpAndIn(stack, 'eleven');
    const script = await createScript(user);
    fake.queue(...behaviours);
    const response = await user.client.post<{ message: string; details: string }>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(response.status).toBe(502);
    expect(response.body.message).toBe('Failed to generate audio');
    expect(response.body.details).toBe(reason);
    expect(JSON.stringify(response.body)).not.toContain(apiKey);
    expect(await audioMinutesUsed(user)).toBe(0);
    expect(await storedAudio(user.id)).toEqual([]);
    const listed = await user.client.get<Script[]>('/api/scripts');
    expect(listed.body.find((s) => s.id === script.id)).toMatchObject({ audioGenerationStatus: 'failed', audioUrl: null, audioGenerationError: reason });
    expect(logLines.join('\n')).not.toContain(apiKey);
  });
});
