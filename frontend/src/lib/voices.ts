import useSWR from 'swr';

import { apiGet, apiPatch } from '@/lib/api-client';
import type { LanguageCode } from '@contract/languages';
import type { PublicVoice } from '@contract/voices';
import { voiceLanguageMessages, voiceSpeaksLanguage } from '@contract/rules/voice-languages';

/** Voices, shared by the script generator, the Edit Script dialog and the voice test page. */
export const VOICES_KEY = '/api/voices';

export function useVoices() {
  return useSWR<PublicVoice[]>(VOICES_KEY);
}

/** Private voices are shown as "Your Voice" (section 6). */
export function voiceLabel(voice: PublicVoice): string {
  return voice.visibility === 'private' ? `${voice.name} (Your Voice)` : voice.name;
}

export const getVoiceSample = (id: string) => apiGet<{ sampleAudioUrl?: string }>(`/api/voices/${encodeURIComponent(id)}/sample`);

/** Samples are played through the media proxy (section 7). */
export const proxiedMediaUrl = (url: string) => `/api/proxy-media?url=${encodeURIComponent(url)}`;

export const selectVoice = (selectedVoice: string) => apiPatch('/api/user', { selectedVoice });

/** The creator's voice speed (0.8x–1.3x), remembered per user. */
export const selectVoiceSpeed = (voiceSpeed: number) => apiPatch('/api/user', { voiceSpeed });

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
