import type { LanguageCode } from '../../contract/languages';
import { sampleTexts } from './sample-texts';
import { z } from 'zod';
import { userVoiceLinkSchema, voiceFieldsSchema, type PublicVoice } from '../../contract/voices';
import { fliteVoicePresets } from './offline-voices';
import { voiceLanguages } from './voice-languages';

/** The product's (docs/product.md#voice) Voice as stored, and the user-voice link; what the API answers is the contract's. */
export const voiceSchema = voiceFieldsSchema.extend({
  /** Owner of a private voice; null for presets. */
  userId: z.string().nullable(),
  /** Where the generated sample sits in the media bucket; never answered as is. */
  sampleKey: z.string().nullable(),
  /** A clone's uploaded samples, kept private under `users/<id>/voices/<voice id>/`; never answered. */
  sampleKeys: z.array(z.string()).optional(),
});
export type Voice = z.infer<typeof voiceSchema>;

export const userVoiceSchema = userVoiceLinkSchema.extend({ userId: z.string() });
export type UserVoice = z.infer<typeof userVoiceSchema>;

/** What the API answers: no owner, no key; the sample's address is made on request (GET /api/voices/{id}/sample). */
export function toPublicVoice(voice: Voice, extra: { isDefault?: boolean } = {}): PublicVoice {
  const { sampleKey: _k, userId: _u, sampleKeys: _s, ...rest } = voice;
  return { ...rest, sampleAudioUrl: null, languages: voiceLanguages(voice), ...extra };
}

/** Private voices first ("Your Voice"), each group by name. */
export function sortVoices<T extends { visibility: string; name: string }>(voices: T[]): T[] {
  return [...voices].sort((a, b) => {
    if (a.visibility !== b.visibility) return a.visibility === 'private' ? -1 : 1;
    return a.name.localeCompare(b.name);
  });
}

/**
 * Preset voices seeded for everyone: ElevenLabs' public presets (with their ids as ours; offline they are
 * spoken by the free voice of their gender), then the free offline voices (core/voices/offline-voices.ts).
 */
export const presetVoices: readonly Pick<Voice, 'id' | 'voiceId' | 'name' | 'description' | 'gender'>[] = [
  { id: '21m00Tcm4TlvDq8ikWAM', voiceId: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', description: 'Calm, clear narration', gender: 'female' },
  { id: 'EXAVITQu4vr4xnSDxMaL', voiceId: 'EXAVITQu4vr4xnSDxMaL', name: 'Bella', description: 'Soft and warm', gender: 'female' },
  { id: 'AZnzlk1XvdvUeBnXmlld', voiceId: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi', description: 'Strong and upbeat', gender: 'female' },
  { id: 'ErXwobaYiN019PkySvjV', voiceId: 'ErXwobaYiN019PkySvjV', name: 'Antoni', description: 'Well-rounded storyteller', gender: 'male' },
  { id: 'TxGEqnHWrfWFTfGW9XjX', voiceId: 'TxGEqnHWrfWFTfGW9XjX', name: 'Josh', description: 'Deep and energetic', gender: 'male' },
  { id: 'pNInz6obpgDQGcFmaJgB', voiceId: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', description: 'Deep, confident narration', gender: 'male' },
  ...fliteVoicePresets,
];

export function sampleText(voice: Pick<Voice, 'name'>, language: LanguageCode = 'en'): string {
  return sampleTexts[language](voice.name);
}
