import type { LanguageCode } from '@contract/languages';
import type { PublicVoice } from '@contract/voices';
import { voiceLanguageMessages, voiceSpeaksLanguage } from '@contract/rules/voice-languages';

/** A language's English name ("Spanish", "Japanese"), as the API's messages name it. */
export function languageName(code: LanguageCode): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
}

/**
 * The voices a select offers for a language: those that speak it (each voice lists its `languages`).
 * The chosen voice, when it does not speak the language, stays visible as `unfit`, with a note to show
 * beside the select, so a choice is never silently changed. No language: every voice.
 */
export function voicesForLanguage(
  voices: readonly PublicVoice[],
  language: LanguageCode | undefined,
  selectedId: string,
): { offered: PublicVoice[]; unfit: PublicVoice | undefined; note: string | undefined } {
  if (!language) return { offered: [...voices], unfit: undefined, note: undefined };
  const offered = voices.filter((voice) => voiceSpeaksLanguage(voice, language));
  const selected = voices.find((voice) => voice.id === selectedId);
  const unfit = selected && !voiceSpeaksLanguage(selected, language) ? selected : undefined;
  return { offered, unfit, note: unfit ? voiceLanguageMessages.selectNote(unfit.name, languageName(language)) : undefined };
}
