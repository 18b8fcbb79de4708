import { z } from 'zod';

/** The spec's Voice (000 §3, 001 §3) and the user-voice link. */
export const voiceSchema = z.object({
  id: z.string(),
  /** The speech provider's voice id (ElevenLabs). */
  voiceId: z.string(),
  name: z.string(),
  modelId: z.string(),
  speed: z.number(),
  stability: z.number(),
  similarityBoost: z.number(),
  style: z.number(),
  speakerBoost: z.boolean(),
  visibility: z.enum(['private', 'public']),
  /** Owner of a private voice; null for presets. */
  userId: z.string().nullable(),
  description: z.string().nullable(),
  gender: z.enum(['female', 'male', 'neutral']).nullable(),
  /** Where the generated sample sits in the media bucket; never answered as is. */
  sampleKey: z.string().nullable(),
  createdAt: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;

export const userVoiceSchema = z.object({
  id: z.string(),
  userId: z.string(),
  voiceId: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type UserVoice = z.infer<typeof userVoiceSchema>;

export const voiceDefaults = { modelId: 'eleven_multilingual_v2', speed: 1, stability: 0.75, similarityBoost: 0.75, style: 0, speakerBoost: true } as const;

/** POST /api/voices (the developer test page, 001 §7). */
export const createVoiceSchema = z.object({
  voiceId: z.string({ error: 'voiceId is required' }).trim().min(1, 'voiceId is required').max(100),
  name: z.string({ error: 'Please provide a name for your voice' }).trim().min(1, 'Please provide a name for your voice').max(100),
  modelId: z.string().trim().min(1).max(100).default(voiceDefaults.modelId),
  speed: z.number().min(0.5).max(2).default(voiceDefaults.speed),
  stability: z.number().min(0).max(1).default(voiceDefaults.stability),
  similarityBoost: z.number().min(0).max(1).default(voiceDefaults.similarityBoost),
  style: z.number().min(0).max(1).default(voiceDefaults.style),
  speakerBoost: z.boolean().default(voiceDefaults.speakerBoost),
  isDefault: z.boolean().default(false),
});
export type CreateVoiceInput = z.infer<typeof createVoiceSchema>;

export type PublicVoice = Omit<Voice, 'sampleKey' | 'userId'> & { sampleAudioUrl: string | null; isDefault?: boolean };

/** What the API answers: the sample's address is made on request (GET /api/voices/{id}/sample). */
export function toPublicVoice(voice: Voice, extra: { isDefault?: boolean } = {}): PublicVoice {
  const { sampleKey: _k, userId: _u, ...rest } = voice;
  return { ...rest, sampleAudioUrl: null, ...extra };
}

/** Private voices first ("Your Voice"), each group by name (000 §6). */
export function sortVoices<T extends { visibility: string; name: string }>(voices: T[]): T[] {
  return [...voices].sort((a, b) => {
    if (a.visibility !== b.visibility) return a.visibility === 'private' ? -1 : 1;
    return a.name.localeCompare(b.name);
  });
}

/** Preset voices seeded for everyone, with ElevenLabs' public preset ids. */
export const presetVoices: readonly Pick<Voice, 'id' | 'voiceId' | 'name' | 'description' | 'gender'>[] = [
  { id: '21m00Tcm4TlvDq8ikWAM', voiceId: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', description: 'Calm, clear narration', gender: 'female' },
  { id: 'EXAVITQu4vr4xnSDxMaL', voiceId: 'EXAVITQu4vr4xnSDxMaL', name: 'Bella', description: 'Soft and warm', gender: 'female' },
  { id: 'AZnzlk1XvdvUeBnXmlld', voiceId: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi', description: 'Strong and upbeat', gender: 'female' },
  { id: 'ErXwobaYiN019PkySvjV', voiceId: 'ErXwobaYiN019PkySvjV', name: 'Antoni', description: 'Well-rounded storyteller', gender: 'male' },
  { id: 'TxGEqnHWrfWFTfGW9XjX', voiceId: 'TxGEqnHWrfWFTfGW9XjX', name: 'Josh', description: 'Deep and energetic', gender: 'male' },
  { id: 'pNInz6obpgDQGcFmaJgB', voiceId: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', description: 'Deep, confident narration', gender: 'male' },
];

export function sampleText(voice: Pick<Voice, 'name'>): string {
  return `Hi, I am ${voice.name}. This is how your scripts will sound when I read them for your next video.`;
}
