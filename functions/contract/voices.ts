import { z } from 'zod';

/** Voices (000 §3, §7; 001 §3, §7): what the API answers, what the developer test page sends. */

/** The fields a voice has for everyone: the stored voice (core/voices/voice.ts) adds its owner and its sample's key. */
export const voiceFieldsSchema = z.object({
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
  description: z.string().nullable(),
  gender: z.enum(['female', 'male', 'neutral']).nullable(),
  createdAt: z.string(),
});

/** A voice as the API answers it: the sample's address is made on request (GET /api/voices/{id}/sample). */
export const publicVoiceSchema = voiceFieldsSchema.extend({
  sampleAudioUrl: z.string().nullable(),
  isDefault: z.boolean().optional(),
});
export type PublicVoice = z.infer<typeof publicVoiceSchema>;

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

/** GET /api/voices/{id}/sample: our presets' and the provider's ids (mixed case, kept as sent). */
export const voiceIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Voice not found') });

/** GET /api/proxy-media?url=…: a voice sample's address (DESIGN decision 8 guards the fetch). */
export const proxyMediaQuery = z.object({ url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(4_096, 'url is too long') });
