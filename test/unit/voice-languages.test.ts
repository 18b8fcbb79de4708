import { describe, expect, it } from 'vitest';
import { assertOfflineSpeaks, espeakVoices } from '../../functions/adapters/local/espeak-languages';
import { espeakVoiceName, tokenize } from '../../functions/adapters/local/espeak-speech';
import { fliteSpeaks } from '../../functions/adapters/local/offline-speech';
import { languageCodes } from '../../functions/contract/languages';
import { languageWords } from '../../functions/contract/rules/language-words';
import { voiceDefaults, type PublicVoice } from '../../functions/contract/voices';
import { wordsFromCharacters } from '../../functions/core/captions/word-timings';
import { ValidationError } from '../../functions/core/errors';
import { espeakArguments } from '../../functions/core/voices/offline-profile';
import { presetVoices, toPublicVoice, type Voice } from '../../functions/core/voices/voice';
import { languagesOfModel, voiceLanguages } from '../../functions/core/voices/voice-languages';
import { voicesForLanguage } from '../../frontend/src/lib/voice-languages';

const voice = (fields: Partial<Voice>): Voice => ({
  id: 'v1',
  voiceId: 'el-voice-id-0000000001',
  name: 'Voice',
  ...voiceDefaults,
  visibility: 'public',
  description: null,
  gender: 'female',
  createdAt: new Date(0).toISOString(),
  userId: null,
  sampleKey: null,
  ...fields,
});

describe('the languages a voice speaks', () => {
  it('every supported language on eleven_multilingual_v2 (the presets), English only for the free Flite voices', () => {
    for (const preset of presetVoices) {
      const languages = toPublicVoice(voice(preset)).languages;
      if (preset.voiceId.startsWith('flite-')) expect(languages).toEqual(['en']);
      else expect(languages).toEqual([...languageCodes]);
    }
  });

  it('by model for the test page’s and cloned voices; English only for a model not known', () => {
    expect(voiceLanguages(voice({ modelId: 'eleven_monolingual_v1' }))).toEqual(['en']);
    expect(voiceLanguages(voice({ modelId: 'eleven_turbo_v2_5' }))).toHaveLength(languageCodes.length);
    expect(voiceLanguages(voice({ modelId: 'eleven_multilingual_v1' }))).toEqual(['en', 'de', 'pl', 'es', 'it', 'fr', 'pt', 'hi']);
    expect(languagesOfModel('someone_elses_model')).toEqual(['en']);
    expect(languagesOfModel('constructor')).toEqual(['en']);
  });

  it('an offline clone speaks every offline language, its eSpeak variant on the language’s voice', () => {
    const offlineProfile = { variant: 'f3', pitch: 40, wordsPerMinute: 170 };
    const clone = voice({ clone: { method: 'offline', sampleCount: 1, sampleSeconds: 20, pitchHz: 200, syllablesPerSecond: 5, offlineProfile } });
    expect(voiceLanguages(clone)).toEqual([...languageCodes]);
    expect(espeakArguments(offlineProfile, espeakVoices.ja)).toEqual(['-v', 'ja+f3', '-p', '40', '-s', '170']);
  });
});

describe('the offline voice in other languages', () => {
  it('speaks English with Flite and every other language with eSpeak NG’s voice for it, the variant of the voice’s gender', () => {
    expect(fliteSpeaks('Hola mundo', { voiceId: 'flite-rms', language: 'es' })).toBe(false);
    expect(fliteSpeaks('Hello world', { voiceId: 'flite-rms', language: 'en' })).toBe(true);
    expect(espeakVoiceName({ voiceId: '21m00Tcm4TlvDq8ikWAM', gender: 'female' }, 'es')).toBe('es+f3');
    expect(espeakVoiceName({ voiceId: 'pNInz6obpgDQGcFmaJgB', gender: 'male' }, 'zh')).toBe('cmn+m3');
    expect(espeakVoiceName({ voiceId: 'en-us', gender: null }, 'en')).toBe('en-us');
    expect(espeakVoiceName({ voiceId: 'en-us', gender: null }, 'pt')).toBe('pt-br');
  });

  it('refuses kanji (eSpeak spells them as "Chinese letter") with a 400, and speaks kana', () => {
    expect(() => assertOfflineSpeaks('日本語の動画', 'ja')).toThrow(ValidationError);
    expect(() => assertOfflineSpeaks('日本語の動画', 'ja')).toThrow('The offline voice cannot speak Japanese kanji');
    expect(() => assertOfflineSpeaks('にほんごの どうが', 'ja')).not.toThrow();
    expect(() => assertOfflineSpeaks('你好世界', 'zh')).not.toThrow();
  });

  it('times Japanese and Chinese by Intl.Segmenter words, punctuation on the word before it', () => {
    expect(tokenize('こんにちは、これは コーヒーです。', 'ja').words).toEqual(languageWords('こんにちは、これは コーヒーです。', 'ja'));
    const { words, phraseEnds } = tokenize('你好世界，这是咖啡。', 'zh');
    expect(words).toEqual(['你好', '世界，', '这', '是', '咖啡。']);
    expect([...phraseEnds]).toEqual([1, 4]);
  });
});

describe('ElevenLabs character timings grouped into words', () => {
  const alignment = (text: string) => {
    const characters = [...text];
    return { characters, characterStartTimesSeconds: characters.map((_, i) => i / 10), characterEndTimesSeconds: characters.map((_, i) => (i + 1) / 10) };
  };

  it('groups Chinese and Japanese characters into the language’s words', () => {
    expect(wordsFromCharacters(alignment('你好世界，这是咖啡。'), 'zh')).toEqual([
      { word: '你好', start: 0, end: 0.2 },
      { word: '世界，', start: 0.2, end: 0.5 },
      { word: '这', start: 0.5, end: 0.6 },
      { word: '是', start: 0.6, end: 0.7 },
      { word: '咖啡。', start: 0.7, end: 1 },
    ]);
    const japanese = 'こんにちは、 これは iPhone の動画です。';
    expect(wordsFromCharacters(alignment(japanese), 'ja').map((w) => w.word)).toEqual(languageWords(japanese, 'ja'));
    expect(wordsFromCharacters(alignment(japanese), 'ja')[3]).toEqual({ word: 'iPhone', start: 1.1, end: 1.7 });
  });

  it('keeps space-separated languages as runs between spaces', () => {
    expect(wordsFromCharacters(alignment('Hola — mundo'), 'es').map((w) => w.word)).toEqual(['Hola —', 'mundo']);
  });
});

describe('the voice select’s choices for a language', () => {
  const listed = (id: string, languages: PublicVoice['languages']) => ({ ...toPublicVoice(voice({ id, name: id })), languages });
  const voices = [listed('Rachel', [...languageCodes]), listed('Ryan', ['en'])];

  it('offers the voices that speak the language, and keeps a chosen one that does not apart with a note', () => {
    expect(voicesForLanguage(voices, 'es', 'Rachel')).toEqual({ offered: [voices[0]], unfit: undefined, note: undefined });
    const kept = voicesForLanguage(voices, 'es', 'Ryan');
    expect(kept.offered.map((v) => v.id)).toEqual(['Rachel']);
    expect(kept.unfit?.id).toBe('Ryan');
    expect(kept.note).toBe('Ryan does not speak Spanish; choose another voice for this language.');
    expect(voicesForLanguage(voices, undefined, 'Ryan').offered).toHaveLength(2);
  });
});
