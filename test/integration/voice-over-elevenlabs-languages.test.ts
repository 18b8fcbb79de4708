import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { LanguageCode } from '../../functions/contract/languages';
import { languageWords } from '../../functions/contract/rules/language-words';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult } from '../../functions/contract/video';
import { services } from '../support/services';
import { secondsPerCharacter, startFakeElevenLabs, type FakeElevenLabs } from '../fakes/elevenlabs';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/** Voice-overs in other languages through the real ElevenLabs SDK, pointed at the wire-level fake. */
let stack: LocalStack;
let fake: FakeElevenLabs;

beforeAll(async () => {
  fake = await startFakeElevenLabs();
  process.env.ELEVENLABS_API_KEY = 'xi-test-languages';
  process.env.ELEVENLABS_BASE_URL = fake.baseUrl;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.ELEVENLABS_BASE_URL;
});

async function voiceOver(user: SignedInUser, language: LanguageCode, scriptContent: string) {
  const created = await user.client.post<Script>('/api/scripts', { title: language, scriptContent, language });
  expect(created.status).toBe(201);
  const response = await user.client.post<ConvertToAudioResult>(`/api/scripts/${created.body.id}/convert-to-audio`, {});
  expect(response.status).toBe(200);
  return services().voiceOver.ensureVoiceOver(user.id, created.body.id);
}

/** Where each word of the text starts and ends at the fake's pace (one character each 60 ms). */
function expectedTimings(text: string, words: readonly string[]) {
  const characters = [...text];
  const ms = (n: number) => Math.round(n * secondsPerCharacter * 1000) / 1000;
  let at = 0;
  return words.map((word) => {
    while (/\s/.test(characters[at] ?? '')) at += 1;
    const start = at;
    at += [...word].length;
    return { word, start: ms(start), end: ms(at) };
  });
}

describe('ElevenLabs in other languages', () => {
  it('speaks a German script on eleven_multilingual_v2, its words from the character timings', async () => {
    const user = await signUpAndIn(stack, 'eleven-de');
    const text = 'Kaffee schmeckt zu Hause besser. Mahle die Bohnen frisch!';
    const spoken = await voiceOver(user, 'de', text);
    expect(fake.requests.at(-1)?.body).toMatchObject({ text, model_id: 'eleven_multilingual_v2' });
    expect(spoken.words).toEqual(expectedTimings(text, text.split(' ')));
  });

  it.each([
    ['ja', 'コーヒーは家で飲むとおいしい。豆を挽いて、お湯を沸かしましょう。'],
    ['zh', '咖啡在家里喝更好。新鲜地磨豆子，然后烧水。'],
  ] as const)('groups the %s characters into Intl.Segmenter words, not one caption word per character', async (language, text) => {
    const user = await signUpAndIn(stack, `eleven-${language}`);
    const spoken = await voiceOver(user, language, text);
    expect(fake.requests.at(-1)?.body).toMatchObject({ text, model_id: 'eleven_multilingual_v2' });
    const words = languageWords(text, language);
    expect(words.length).toBeLessThan([...text].length / 1.5);
    expect(spoken.words).toEqual(expectedTimings(text, words));
  });
});
