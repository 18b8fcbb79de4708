import { languages, type LanguageCode } from '../../contract/languages';
import { ValidationError } from '../../core/errors';

/**
 * eSpeak NG's voice for each of our languages (npm `espeak-ng` 1.0.2, `--voices`): Brazilian Portuguese
 * (the larger audience), Mandarin for Chinese (it reads Simplified hanzi as pinyin with tones).
 */
export const espeakVoices: Readonly<Record<LanguageCode, string>> = {
  en: 'en-us',
  es: 'es',
  pt: 'pt-br',
  fr: 'fr-fr',
  de: 'de',
  it: 'it',
  nl: 'nl',
  pl: 'pl',
  tr: 'tr',
  ru: 'ru',
  uk: 'uk',
  ar: 'ar',
  hi: 'hi',
  id: 'id',
  ja: 'ja',
  ko: 'ko',
  zh: 'cmn',
};

/**
 * Letters eSpeak's voice for a language cannot read: measured with `espeak-ng -x`, its Japanese voice
 * reads kana but spells every kanji out as "Chinese letter" (in English), and its Korean voice the same
 * for hanja. Every other language's own letters come out as phonemes.
 *
 * Measured (one ~10-word sentence each, `test/integration/voice-over-languages.test.ts`): phonemes for
 * every word, no letter spelling, 2.5–5.3 s of audio with sound for 78–90% of it, a timing per word, in
 * en es pt fr de it nl pl tr ru uk ar hi id ko zh (Mandarin reads Simplified hanzi as tonal pinyin;
 * Arabic without vowel marks has its vowels guessed) and ja in kana. Robotic, but it is the language.
 */
const unreadable: Partial<Record<LanguageCode, { letters: RegExp; name: string; instead: string }>> = {
  ja: { letters: /\p{Script=Han}/u, name: 'kanji', instead: 'kana' },
  ko: { letters: /\p{Script=Han}/u, name: 'hanja', instead: 'hangul' },
};

export const offlineSpeechMessages = {
  unreadable: (code: LanguageCode, letters: string, instead: string) =>
    `The offline voice cannot speak ${languages[code].name} ${letters}; use an ElevenLabs voice (with an ElevenLabs key), or write the script in ${instead} only.`,
} as const;

/** Refuses (400) text the offline voice would spell rather than speak: never a voice-over of garbage. */
export function assertOfflineSpeaks(text: string, language: LanguageCode): void {
  const rule = unreadable[language];
  if (rule && rule.letters.test(text)) throw new ValidationError(offlineSpeechMessages.unreadable(language, rule.name, rule.instead));
}

/** The eSpeak variant of a gender (`f3`, `m3`), when the voice has one. */
export function genderVariant(gender: 'female' | 'male' | 'neutral' | null | undefined): string | undefined {
  if (gender === 'female') return 'f3';
  if (gender === 'male') return 'm3';
  return undefined;
}
