import { z } from 'zod';
import { captionSettingsInputSchema } from '../../contract/caption-settings';
import { captionMessages, postCaptionProblem } from '../../contract/rules/post-caption';
import { scriptLimitMessages, scriptLimits } from '../../contract/rules/script-limits';

/** The spec's Script entity (000 §3) as stored and answered, and the rules of its states (000 §4). */
export const generationStatuses = ['idle', 'generating', 'complete', 'failed'] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

export const scriptSources = ['openai', 'offline', 'manual'] as const;
export type ScriptSource = (typeof scriptSources)[number];

/** A segment as stored (spec 000 §3); what a request may send is `segmentsInputSchema`. */
export const segmentSchema = z.object({
  text: z.string(),
  mediaAssetId: z.union([z.string().max(100), z.number()]).nullable().optional(),
  mediaFile: z.string().max(2_000).nullable().optional(),
  mediaDuration: z.number().min(0).max(600).default(3),
  mediaStartTime: z.number().min(0).max(36_000).default(0),
  thumbnailUrl: z.string().max(2_000).nullable().optional(),
});

/** Stored video metadata is read as it is (older records may hold more segments than a request may send). */
export const videoMetadataSchema = z.object({
  segments: z.array(segmentSchema),
  totalDuration: z.number().min(0).max(3_600),
});
export type VideoMetadata = z.infer<typeof videoMetadataSchema>;

const segmentUrl = z.string().max(scriptLimits.segmentUrlChars, scriptLimitMessages.segmentUrlTooLong).nullable().optional();

/**
 * Segments as a request sends them (PATCH /api/scripts/{id}, POST /api/scripts, generate-video): at most
 * 100, their text together no longer than a script's content may be.
 */
export const segmentsInputSchema = z
  .array(
    segmentSchema.extend({
      text: z.string().max(scriptLimits.contentChars, scriptLimitMessages.segmentTextTooLong),
      mediaFile: segmentUrl,
      thumbnailUrl: segmentUrl,
    }),
  )
  .max(scriptLimits.segments, scriptLimitMessages.tooManySegments)
  .superRefine((segments, ctx) => {
    const total = segments.reduce((sum, segment) => sum + segment.text.length, 0);
    if (total > scriptLimits.contentChars) ctx.addIssue({ code: 'custom', message: scriptLimitMessages.segmentTextTooLong });
  });

export const videoMetadataInputSchema = z.object({
  segments: segmentsInputSchema,
  totalDuration: z.number().min(0).max(3_600),
});

/** Caption settings as stored: an object or a JSON string (000 §3); requests send `captionSettingsInputSchema`. */
const storedCaptionSettingsSchema = z.union([z.record(z.string(), z.unknown()), z.string()]);

export const scriptSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  scriptContent: z.string(),
  postCaption: z.string().nullable(),
  isActive: z.boolean(),
  referenceVideoUrl: z.string().nullable(),
  prompt: z.string().nullable(),
  audioUrl: z.string().nullable(),
  audioDuration: z.number().nullable(),
  usedMediaIds: z.array(z.union([z.string(), z.number()])).nullable(),
  videoUrl: z.string().nullable(),
  videoMetadata: videoMetadataSchema.nullable(),
  thumbnailUrl: z.string().nullable(),
  audioGenerationStatus: z.enum(generationStatuses),
  videoGenerationStatus: z.enum(generationStatuses),
  captionSettings: storedCaptionSettingsSchema.nullable(),
  topic: z.string().nullable(),
  toneStyle: z.string().nullable(),
  duration: z.string().nullable(),
  platform: z.string().nullable(),
  extraInstructions: z.string().nullable(),
  subjectCategory: z.string().nullable(),
  voiceId: z.string().nullable(),
  preferredFolderId: z.string().nullable(),
  hookSuggestion: z.string().nullable(),
  /** Who wrote it: the OpenAI writer, the offline writer, or the user (POST without generation). */
  source: z.enum(scriptSources),
  /** When the current video was made; drives "videos this month". */
  videoGeneratedAt: z.string().nullable(),
  /** The last audio failure, shown on the card after a reload (records older than issue 6 read null). */
  audioGenerationError: z.string().nullable().default(null),
  /** The last video failure, as the pipeline's MarkFailed wrote it. */
  videoGenerationError: z.string().nullable().default(null),
  /** The last known render percent (0–100) while a video is generating. */
  videoProgress: z.number().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Script = z.infer<typeof scriptSchema>;

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) => text(max).trim().nullable().optional();
/** A link the product can play: http(s) or one of our own /api/ paths. */
const mediaUrl = z
  .string()
  .max(2_000)
  .refine((value) => /^https?:\/\//i.test(value) || value.startsWith('/api/'), 'Must be an http(s) URL or an /api/ path');

/** "number, or all meaning none" (000 §3); our folder ids are strings. */
export const preferredFolderIdSchema = z
  .union([z.string().trim().max(100), z.number().int().nonnegative()])
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' || value === 'all' ? null : String(value)));

/** A script's words (issue 10): required, and at most what every voice can speak in one go. */
const scriptContentSchema = z
  .string({ error: scriptLimitMessages.contentRequired })
  .trim()
  .min(1, scriptLimitMessages.contentRequired)
  .max(scriptLimits.contentChars, scriptLimitMessages.contentTooLong);

const postCaptionSchema = z
  .string()
  .max(2_200, captionMessages.tooManyWords)
  .superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const problem = postCaptionProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/scripts (000 §7): the fields the client saves, once per generated script. */
export const createScriptSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  scriptContent: scriptContentSchema,
  postCaption: postCaptionSchema.nullable().optional(),
  isActive: z.boolean().optional(),
  referenceVideoUrl: mediaUrl.nullable().optional(),
  prompt: optionalText(2_000),
  platform: optionalText(100),
  duration: optionalText(20),
  topic: optionalText(500),
  toneStyle: optionalText(100),
  extraInstructions: optionalText(2_000),
  subjectCategory: optionalText(200),
  voiceId: optionalText(100),
  preferredFolderId: preferredFolderIdSchema,
  hookSuggestion: optionalText(500),
  source: z.enum(['openai', 'offline']).optional(),
  /** Sent by the spec's client; the session decides the owner. */
  userId: z.unknown().optional(),
  videoMetadata: videoMetadataInputSchema.nullable().optional(),
});
export type CreateScriptInput = z.infer<typeof createScriptSchema>;

/** PATCH /api/scripts/{id} (000 §7): any of these fields. */
export const updateScriptSchema = z
  .object({
    isActive: z.boolean(),
    audioGenerationStatus: z.enum(generationStatuses),
    videoGenerationStatus: z.enum(generationStatuses),
    captionSettings: captionSettingsInputSchema.nullable(),
    scriptContent: scriptContentSchema,
    voiceId: z.string().trim().max(100).nullable(),
    postCaption: postCaptionSchema,
    audioUrl: mediaUrl.nullable(),
    audioDuration: z.number().min(0).max(3_600).nullable(),
    videoUrl: mediaUrl.nullable(),
    videoMetadata: videoMetadataInputSchema.nullable(),
    thumbnailUrl: mediaUrl.nullable(),
    usedMediaIds: z
      .array(z.union([z.string().max(100), z.number()]))
      .max(scriptLimits.usedMediaIds, scriptLimitMessages.tooManyMediaIds)
      .nullable(),
  })
  .partial()
  .strict();
export type UpdateScriptInput = z.infer<typeof updateScriptSchema>;

export function newScript(
  input: Omit<CreateScriptInput, 'preferredFolderId'> & { preferredFolderId?: string | null; id: string; userId: string; now: Date },
): Script {
  const now = input.now.toISOString();
  return {
    id: input.id,
    userId: input.userId,
    title: input.title,
    scriptContent: input.scriptContent,
    postCaption: input.postCaption?.trim() ? input.postCaption : null,
    isActive: input.isActive ?? true,
    referenceVideoUrl: input.referenceVideoUrl ?? null,
    prompt: input.prompt ?? null,
    audioUrl: null,
    audioDuration: null,
    usedMediaIds: null,
    videoUrl: null,
    videoMetadata: input.videoMetadata ?? null,
    thumbnailUrl: null,
    audioGenerationStatus: 'idle',
    videoGenerationStatus: 'idle',
    captionSettings: null,
    topic: input.topic ?? null,
    toneStyle: input.toneStyle ?? null,
    duration: input.duration ?? null,
    platform: input.platform ?? null,
    extraInstructions: input.extraInstructions ?? null,
    subjectCategory: input.subjectCategory ?? null,
    voiceId: input.voiceId ?? null,
    preferredFolderId: input.preferredFolderId ?? null,
    hookSuggestion: input.hookSuggestion ?? null,
    source: input.source ?? 'manual',
    videoGeneratedAt: null,
    audioGenerationError: null,
    videoGenerationError: null,
    videoProgress: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** What editing the words costs (000 §4): both statuses idle, audio and video gone. */
export const mediaReset = {
  audioGenerationStatus: 'idle',
  videoGenerationStatus: 'idle',
  audioUrl: null,
  audioDuration: null,
  videoUrl: null,
  videoMetadata: null,
  thumbnailUrl: null,
  usedMediaIds: null,
  videoGeneratedAt: null,
  audioGenerationError: null,
  videoGenerationError: null,
  videoProgress: null,
} as const satisfies Partial<Script>;

/**
 * The changes a PATCH makes to a stored script. Changing the script content or the post caption
 * resets both generation statuses and clears the audio and video (000 §4); a new video URL records
 * when the video was made.
 */
export function scriptChanges(current: Script, patch: UpdateScriptInput, now: Date): Partial<Script> {
  const changes: Partial<Script> = { ...patch, updatedAt: now.toISOString() };
  if (patch.postCaption !== undefined) changes.postCaption = storedPostCaption(patch.postCaption);
  if (patch.videoUrl && patch.videoUrl !== current.videoUrl) changes.videoGeneratedAt = now.toISOString();
  if (changesWords(current, patch)) Object.assign(changes, mediaReset);
  return changes;
}

/** A blank post caption is stored as none. */
function storedPostCaption(value: string): string | null {
  return value.trim() ? value : null;
}

/** True when the PATCH changes the script content or the post caption: the edits that reset audio and video. */
export function changesWords(current: Script, patch: UpdateScriptInput): boolean {
  return (
    (patch.scriptContent !== undefined && patch.scriptContent !== current.scriptContent) ||
    (patch.postCaption !== undefined && storedPostCaption(patch.postCaption) !== current.postCaption)
  );
}
