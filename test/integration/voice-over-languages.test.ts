import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { parseWav, soundRegions } from '../../functions/adapters/local/wav';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import type { LanguageCode } from '../../functions/contract/languages';
import { languageWords } from '../../functions/contract/rules/language-words';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult } from '../../functions/contract/video';
import type { PublicVoice } from '../../functions/contract/voices';
import { services } from '../support/services';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/** Voice-overs of scripts in other languages with the offline voice (eSpeak NG in the script's language). */
let stack: LocalStack;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const scripts: Record<'es' | 'ja' | 'ar', string> = {
  es: 'El café sabe mejor en casa. Muele los granos frescos, pésalos y no hiervas el agua.',
  ja: 'コーヒーは いえで のむと おいしい。 まめを ひいて、 おゆを わかしましょう。',
  ar: 'القهوة ألذ في البيت. اطحن الحبوب طازجة، وزنها، ولا تغل الماء.',
};

/** The words a caption shows: the language's words that have a letter or digit (a lone dash is no word). */
const spokenWords = (text: string, language: LanguageCode) => languageWords(text, language).filter((word) => /[\p{L}\p{N}]/u.test(word));

async function createScript(user: SignedInUser, language: LanguageCode, scriptContent: string, fields: Record<string, unknown> = {}): Promise<Script> {
  const response = await user.client.post<Script>('/api/scripts', { title: `In ${language}`, scriptContent, language, ...fields });
  expect(response.status).toBe(201);
  expect(response.body.language).toBe(language);
  return response.body;
}

describe('offline voice-overs in other languages', () => {
  it.each(Object.entries(scripts) as ['es' | 'ja' | 'ar', string][])(
    'speaks a %s script, its word timings the words of the text, in order, inside the audio',
    async (language, text) => {
      const user = await signUpAndIn(stack, `voice-${language}`);
      const script = await createScript(user, language, text);
      const response = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
      expect(response.status).toBe(200);
      expect(response.body.audioDuration).toBeGreaterThan(2);

      const voiceOver = await services().voiceOver.ensureVoiceOver(user.id, script.id);
      expect(voiceOver.words.map((w) => w.word)).toEqual(spokenWords(text, language));
      let last = 0;
      for (const word of voiceOver.words) {
        expect(word.start).toBeGreaterThanOrEqual(last);
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        expect(word.end).toBeLessThanOrEqual(response.body.audioDuration);
        last = word.start;
      }
      // Spread over the speech, not bunched at the start.
      expect(voiceOver.words.at(-1)?.start ?? 0).toBeGreaterThan(response.body.audioDuration / 2);
    },
  );

  it('refuses Japanese kanji with a clear 400 instead of spelling them out', async () => {
    const user = await signUpAndIn(stack, 'voice-kanji');
    const script = await createScript(user, 'ja', '日本語の動画を作りましょう。');
    const response = await user.client.post<{ message: string }>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'The offline voice cannot speak Japanese kanji; use an ElevenLabs voice (with an ElevenLabs key), or write the script in kana only.',
    );
    const listed = await user.client.get<Script[]>('/api/scripts');
    expect(listed.body.find((s) => s.id === script.id)).toMatchObject({ audioGenerationStatus: 'failed', audioUrl: null });
  });

  it('refuses a voice asked for that does not speak the language; the script’s English-only voice gives way to a preset that speaks it', async () => {
    const user = await signUpAndIn(stack, 'voice-fit');
    const asked = await createScript(user, 'es', scripts.es);
    const refused = await user.client.post<{ message: string }>(`/api/scripts/${asked.id}/convert-to-audio`, { voiceId: 'offline-rms' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Ryan (free, US) does not speak Spanish. Choose a voice that speaks Spanish.');

    const script = await createScript(user, 'es', scripts.es, { voiceId: 'offline-slt' });
    const spoken = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(spoken.status).toBe(200);
    expect(spoken.body.script.voiceId).toBe('offline-slt'); // the script keeps its choice; this voice-over used Rachel
  });

  it('lists the languages each voice speaks', async () => {
    const user = await signUpAndIn(stack, 'voice-list');
    const voices = (await user.client.get<PublicVoice[]>('/api/voices')).body;
    const byId = new Map(voices.map((voice) => [voice.id, voice.languages]));
    expect(byId.get('21m00Tcm4TlvDq8ikWAM')).toHaveLength(17); // Rachel, eleven_multilingual_v2
    expect(byId.get('offline-rms')).toEqual(['en']);
  });
});

describe('what eSpeak NG speaks in each language', () => {
  const samples: Record<LanguageCode, string> = {
    en: 'Hello world, this is a short video about coffee.',
    es: 'Hola mundo, este es un video corto sobre el café.',
    pt: 'Olá mundo, este é um vídeo curto sobre café.',
    fr: 'Bonjour le monde, voici une courte vidéo sur le café.',
    de: 'Hallo Welt, das ist ein kurzes Video über Kaffee.',
    it: 'Ciao mondo, questo è un breve video sul caffè.',
    nl: 'Hallo wereld, dit is een korte video over koffie.',
    pl: 'Witaj świecie, to jest krótki film o kawie.',
    tr: 'Merhaba dünya, bu kahve hakkında kısa bir video.',
    ru: 'Привет мир, это короткое видео о кофе.',
    uk: 'Привіт світ, це коротке відео про каву.',
    ar: 'مرحبا بالعالم، هذا فيديو قصير عن القهوة.',
    hi: 'नमस्ते दुनिया, यह कॉफी के बारे में एक छोटा वीडियो है।',
    id: 'Halo dunia, ini adalah video pendek tentang kopi.',
    ja: 'こんにちは、これは コーヒーの みじかい どうがです。',
    ko: '안녕하세요 세계, 이것은 커피에 관한 짧은 동영상입니다.',
    zh: '你好世界，这是一个关于咖啡的短视频。',
  };
  const synth = new EspeakSpeechSynthesizer();

  it.each(Object.entries(samples) as [LanguageCode, string][])('%s: sound for most of the take, a timing for every word', async (language, text) => {
    const speech = await synth.synthesize(text, { voiceId: '21m00Tcm4TlvDq8ikWAM', language, gender: 'female' });
    const pcm = parseWav(speech.audio);
    const voiced = soundRegions(pcm, 0.12).reduce((sum, region) => sum + region.end - region.start, 0);
    expect(speech.durationSeconds).toBeGreaterThan(2);
    expect(speech.durationSeconds).toBeLessThan(7);
    expect(voiced / speech.durationSeconds).toBeGreaterThan(0.7);
    expect(speech.words.map((w) => w.word)).toEqual(spokenWords(text, language));
  });
});
