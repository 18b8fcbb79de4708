import type { LanguageCode } from '@contract/languages';
import useSWR from 'swr';

import { apiGet, apiPatch } from '@/lib/api-client';
import type { PublicVoice } from '@contract/voices';

export { languageName, voicesForLanguage } from './voice-languages';

/** Voices, shared by the script generator, the Edit Script dialog and the voice test page. */
export const VOICES_KEY = '/api/voices';

export function useVoices() {
  return useSWR<PublicVoice[]>(VOICES_KEY);
}

/** Private voices are shown as "Your Voice" (section 6). */
export function voiceLabel(voice: PublicVoice): string {
  return voice.visibility === 'private' ? `${voice.name} (Your Voice)` : voice.name;
}

/** The voice's sample, in `language` where the voice speaks it (the server answers English otherwise). */
export const getVoiceSample = (id: string, language?: LanguageCode) =>
  apiGet<{ sampleAudioUrl?: string }>(`/api/voices/${encodeURIComponent(id)}/sample${language && language !== 'en' ? `?language=${language}` : ''}`);

/** Samples are played through the media proxy (section 7). */
export const proxiedMediaUrl = (url: string) => `/api/proxy-media?url=${encodeURIComponent(url)}`;

export const selectVoice = (selectedVoice: string) => apiPatch('/api/user', { selectedVoice });

/** The creator's voice speed (0.8x–1.3x), remembered per user. */
export const selectVoiceSpeed = (voiceSpeed: number) => apiPatch('/api/user', { voiceSpeed });
