import { languageCodes, type LanguageCode } from '../../contract/languages';
import { fliteVoiceOfId } from './offline-voices';
import type { Voice } from './voice';

const every: readonly LanguageCode[] = languageCodes;
const englishOnly: readonly LanguageCode[] = ['en'];

/**
 * The languages of ElevenLabs' models (their model pages): `eleven_multilingual_v2` speaks 29 languages,
 * the v2.5 turbo and flash models 32 and `eleven_v3` 70+, each including all of ours;
 * `eleven_multilingual_v1` eight; the English models (`eleven_monolingual_v1`, `eleven_turbo_v2`,
 * `eleven_flash_v2`) English only. A model not listed is taken as English only: never offered for a
 * language it may not speak.
 */
const modelLanguages: Readonly<Record<string, readonly LanguageCode[]>> = {
  eleven_multilingual_v2: every,
  eleven_turbo_v2_5: every,
  eleven_flash_v2_5: every,
  eleven_v3: every,
  eleven_multilingual_v1: ['en', 'de', 'pl', 'es', 'it', 'fr', 'pt', 'hi'],
  eleven_monolingual_v1: englishOnly,
  eleven_turbo_v2: englishOnly,
  eleven_flash_v2: englishOnly,
};

/** The languages a provider model speaks (English only for a model we do not know). */
export function languagesOfModel(modelId: string): readonly LanguageCode[] {
  return Object.hasOwn(modelLanguages, modelId) ? (modelLanguages[modelId] ?? englishOnly) : englishOnly;
}

/**
 * The languages the offline voice speaks: Flite in English, eSpeak NG (npm `espeak-ng`) in the others,
 * measured by its phonemes (`espeak-ng -x`, docs/decisions/languages.md). Japanese only in kana: eSpeak spells
 * kanji out as "Chinese letter", so a voice-over of kanji without a provider key is refused
 * (adapters/local/espeak-languages.ts), never spoken as garbage.
 */
export const offlineLanguages: readonly LanguageCode[] = every;

/**
 * The languages a voice speaks. The free Flite voices speak English only. An offline clone is an eSpeak
 * variant, pitch and pace: it speaks every offline language, its variant applied to that language's
 * eSpeak voice. Any other voice (the presets, ElevenLabs clones, the test page's voices) speaks its
 * model's languages: with a key ElevenLabs speaks them; without one the presets are spoken by the offline
 * voice, which speaks all of ours (a multilingual model's list equals `offlineLanguages`).
 */
export function voiceLanguages(voice: Pick<Voice, 'voiceId' | 'modelId' | 'clone'>): LanguageCode[] {
  if (fliteVoiceOfId(voice.voiceId) !== undefined) return [...englishOnly];
  if (voice.clone?.offlineProfile) return [...offlineLanguages];
  return [...languagesOfModel(voice.modelId)];
}

/** Whether a voice speaks a language. */
export function voiceSpeaks(voice: Pick<Voice, 'voiceId' | 'modelId' | 'clone'>, language: LanguageCode): boolean {
  return voiceLanguages(voice).includes(language);
}
