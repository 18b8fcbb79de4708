import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { OfflineVoiceSample } from '../../functions/adapters/local/offline-voice-sample';
import { sampleTexts } from '../../functions/core/voices/sample-texts';
import { presetVoices } from '../../functions/core/voices/voice';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * The voice sample plays in the language chosen (issue 36): `GET /api/voices/{id}/sample?language=es` answers
 * the voice saying its Spanish sentence in eSpeak NG's Spanish voice, kept beside the English sample; a voice
 * that does not speak the language still plays its English sample.
 */
let stack: LocalStack;
let user: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  user = await signUpAndIn(stack);
});
afterAll(async () => {
  await stack?.stop();
});

async function sampleOf(path: string): Promise<{ path: string; bytes: Buffer }> {
  const answer = await user.client.get<{ sampleAudioUrl: string }>(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const audio = await fetch(answer.body.sampleAudioUrl);
  expect(audio.status).toBe(200);
  return { path: new URL(answer.body.sampleAudioUrl).pathname, bytes: Buffer.from(await audio.arrayBuffer()) };
}

describe('voice samples in the script’s language', () => {
  const rachel = presetVoices.find((voice) => voice.name === 'Rachel');

  it('plays Rachel’s sample in Spanish when Spanish is chosen, and in English otherwise', async () => {
    if (!rachel) throw new Error('no Rachel');
    const english = await sampleOf(`/api/voices/${rachel.id}/sample`);
    const spanish = await sampleOf(`/api/voices/${rachel.id}/sample?language=es`);
    expect(spanish.bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(spanish.path).not.toBe(english.path);
    expect(spanish.bytes.equals(english.bytes)).toBe(false);
    // The very words and voice: as long as eSpeak NG's Spanish voice saying the Spanish sentence (eSpeak's
    // samples vary by a few bytes from run to run, not in length), not its English voice reading it.
    const voice = { id: rachel.id, voiceId: rachel.voiceId, gender: rachel.gender, speed: 1 };
    const inSpanish = await new OfflineVoiceSample().synthesize(sampleTexts.es('Rachel'), voice, 'es');
    const readInEnglish = await new OfflineVoiceSample().synthesize(sampleTexts.es('Rachel'), voice, 'en');
    expect(spanish.bytes.length).toBe(inSpanish.body.length);
    expect(spanish.bytes.length).not.toBe(readInEnglish.body.length);
    // Asked again, the stored Spanish sample is reused.
    expect((await sampleOf(`/api/voices/${rachel.id}/sample?language=es-MX`)).path).toBe(spanish.path);
  });

  it('keeps the English sample for a voice that does not speak the language, and refuses an unknown language', async () => {
    const english = await sampleOf('/api/voices/offline-rms/sample');
    expect((await sampleOf('/api/voices/offline-rms/sample?language=es')).path).toBe(english.path);
    expect((await user.client.get('/api/voices/offline-rms/sample?language=xx')).status).toBe(400);
  });
});
