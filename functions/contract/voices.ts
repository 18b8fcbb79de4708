import { z } from 'zod';
import { voiceCloneMessages, voiceSampleRules } from './rules/voice-samples';
import { voiceSpeedMessage, voiceSpeedRange } from './rules/voice-speed';
export { clampVoiceSpeed, voiceSpeedMessage, voiceSpeedRange } from './rules/voice-speed';
import type { UploadTicket } from './uploads';
import { languageCodes, languageSchema } from './languages';

/** Voices: what the API answers, what the developer test page sends. */

/**
 * The eSpeak NG voice an offline clone speaks with (no ElevenLabs key): the variant, pitch and speed
 * that match what was measured in the samples (core/voices/voice-analysis.ts).
 */
export const offlineVoiceProfileSchema = z.object({
  /** eSpeak's variant (`m3`, `f2`, …), applied to `en-us` or to the script's language's eSpeak voice. */
  variant: z.string().regex(/^[mf][1-7]$/),
  /** eSpeak's `-p`, 0 to 99. */
  pitch: z.number().int().min(0).max(99),
  /** eSpeak's `-s`. */
  wordsPerMinute: z.number().int().min(80).max(450),
});
export type OfflineVoiceProfile = z.infer<typeof offlineVoiceProfileSchema>;

/** How a private voice was cloned, and what was measured in its samples. */
export const voiceCloneInfoSchema = z.object({
  /** `elevenlabs`: Instant Voice Cloning; `offline`: an eSpeak approximation (no provider key). */
  method: z.enum(['elevenlabs', 'offline']),
  sampleCount: z.number().int().min(1),
  sampleSeconds: z.number().min(0),
  /** Median fundamental frequency of the voiced frames, Hz. */
  pitchHz: z.number().nullable(),
  /** Syllable nuclei per second of speech. */
  syllablesPerSecond: z.number().nullable(),
  offlineProfile: offlineVoiceProfileSchema.nullable(),
});
export type VoiceCloneInfo = z.infer<typeof voiceCloneInfoSchema>;

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
  /** Present on voices made by POST /api/tts/clone-voice (absent on presets and test-page voices). */
  clone: voiceCloneInfoSchema.optional(),
  /**
   * True on a voice made on the developer test page (POST /api/voices): the creator's own, usable by its
   * id, but not a clone. It never takes one of the plan's voice-clone slots and is left out of
   * GET /api/voices unless asked for (`?include=test`, the test page).
   */
  test: z.boolean().optional(),
});

/** A voice as the API answers it: the sample's address is made on request (GET /api/voices/{id}/sample). */
export const publicVoiceSchema = voiceFieldsSchema.extend({
  sampleAudioUrl: z.string().nullable(),
  isDefault: z.boolean().optional(),
  /**
   * The languages the voice speaks (core/voices/voice-languages.ts): every supported language for a voice
   * on a multilingual model (ElevenLabs `eleven_multilingual_v2`; offline, eSpeak NG in that language),
   * English only for the free Flite voices and English-only models. A voice select offers a voice only
   * for a script in one of these.
   */
  languages: z.array(z.enum(languageCodes)).min(1),
});
export type PublicVoice = z.infer<typeof publicVoiceSchema>;

/** PATCH /api/user `voiceSpeed`: the range and its message live in rules/voice-speed.ts. */
export const voiceSpeedSchema = z.number({ error: voiceSpeedMessage }).min(voiceSpeedRange.min, voiceSpeedMessage).max(voiceSpeedRange.max, voiceSpeedMessage);

export const voiceDefaults = { modelId: 'eleven_multilingual_v2', speed: 1, stability: 0.75, similarityBoost: 0.75, style: 0, speakerBoost: true } as const;

/** GET /api/voices: `include=test` adds the caller's test voices (the developer test page). */
export const voiceListQuery = z.object({ include: z.enum(['test']).optional() }).strict();

/** How many test voices a creator may keep (they are not clones, but still records). */
export const testVoiceLimit = 20;

/** POST /api/voices (the developer test page): a test voice, not a clone. */
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

/** POST /api/user-voices: link a voice the caller may use, or make it their default. */
export const linkVoiceSchema = z.object({
  voiceId: z
    .string({ error: 'voiceId is required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'voiceId is required'),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }),
});
export type LinkVoiceInput = z.infer<typeof linkVoiceSchema>;

/** A user's link to a voice they may use, and whether it is their default; stored with its owner (core/voices/voice.ts). */
export const userVoiceLinkSchema = z.object({ id: z.string(), voiceId: z.string(), isDefault: z.boolean(), createdAt: z.string() });
export type UserVoiceLink = z.infer<typeof userVoiceLinkSchema>;

/** POST /api/tts/clone-voice: `message`, `voice`, `userVoice.isDefault`. */
export interface CloneVoiceResult {
  message: string;
  voice: PublicVoice;
  userVoice: UserVoiceLink;
}

/** POST /api/user-voices. */
export interface LinkVoiceResult {
  message: string;
  userVoice: UserVoiceLink;
}

/** DELETE /api/voices/{id}: what the plan's count is now. */
export interface DeleteVoiceResult {
  message: string;
  id: string;
  clonedVoices: number;
}

/** GET /api/voices/{id}/sample: our presets' and the provider's ids (mixed case, kept as sent). */
export const voiceIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Voice not found') });

/** GET /api/voices/{id}/sample?language=es: the sample in that language where the voice speaks it (else English). */
export const voiceSampleQuery = z.object({ language: languageSchema.optional() });

/** GET /api/proxy-media?url=…: a voice sample's address (guards the fetch). */
export const proxyMediaQuery = z.object({ url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(4_096, 'url is too long') });

/**
 * POST /api/tts/clone-voice/upload-url: one voice sample sent to storage before the clone. A synchronous
 * request in the cloud carries about 6 MB, so the samples (up to 10 of 10 MB) go to the bucket first and
 * the clone names them; the product's (docs/product.md#voice-cloning) multipart form stays for small samples and other clients.
 */
export const voiceSampleUploadSchema = z
  .object({
    fileName: z.string({ error: 'fileName is required' }).trim().min(1, 'fileName is required').max(200, 'fileName must be at most 200 characters'),
    contentType: z.string({ error: 'contentType is required' }).trim().max(100, 'contentType must be at most 100 characters'),
    size: z.number({ error: 'size is required' }).int('size must be a whole number of bytes').nonnegative('size must be a whole number of bytes'),
  })
  .strict();
export type VoiceSampleUploadRequest = z.infer<typeof voiceSampleUploadSchema>;

/** Where and how to send the sample: a presigned POST of exactly one file of at most `maxBytes`. */
export type VoiceSampleUploadTicket = UploadTicket;

const sampleUploadId = z.string().regex(/^[0-9A-Za-z]{26}$/, 'A voice sample was not uploaded, or its upload has expired; choose the file again');

/** POST /api/tts/clone-voice as JSON: the clone form with its samples already in storage. */
export const cloneFromUploadsSchema = z
  .object({
    name: z.string().max(1_000, voiceCloneMessages.nameTooLong).default(''),
    consent: z.boolean({ error: voiceCloneMessages.consentRequired }).default(false),
    uploads: z
      .array(
        z
          .object({
            uploadId: sampleUploadId,
            fileName: z.string().trim().min(1).max(200),
            contentType: z.string().trim().max(100),
          })
          .strict(),
      )
      .max(voiceSampleRules.maxFiles, voiceCloneMessages.tooManyFiles)
      .default([]),
  })
  .strict();
export type CloneFromUploads = z.infer<typeof cloneFromUploadsSchema>;

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const cloneVoiceResultSchema: z.ZodType<CloneVoiceResult> = z.object({ message: z.string(), voice: publicVoiceSchema, userVoice: userVoiceLinkSchema });
export const linkVoiceResultSchema: z.ZodType<LinkVoiceResult> = z.object({ message: z.string(), userVoice: userVoiceLinkSchema });
export const deleteVoiceResultSchema: z.ZodType<DeleteVoiceResult> = z.object({ message: z.string(), id: z.string(), clonedVoices: z.number() });
/** POST /api/voices: the voice itself, and again as `voice` beside its `userVoice` link. */
export const createdVoiceSchema = publicVoiceSchema.extend({ voice: publicVoiceSchema, userVoice: userVoiceLinkSchema.extend({ userId: z.string() }) });
export const defaultVoiceSchema = z.object({ voice: publicVoiceSchema });
export const voiceSampleSchema = z.object({ sampleAudioUrl: z.string() });
