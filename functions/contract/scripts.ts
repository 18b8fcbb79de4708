import { z } from 'zod';
import { languageSchema, storedLanguageSchema } from './languages';
import { captionSettingsInputSchema } from './caption-settings';
import { captionMessages, postCaptionProblem } from './rules/post-caption';
import { matchedTagLimits } from './rules/segments';
import { generatedReasons, segmentSources } from './rules/generated-backgrounds';
import { scriptLimitMessages, scriptLimits } from './rules/script-limits';

/**
 * The product's (docs/product.md#script-fields-and-limits) Script entity: what is stored is what the API answers (GET /api/scripts and
 * every call that changes a script), and what a request may send to make or change one.
 */
export const generationStatuses = ['idle', 'generating', 'complete', 'failed'] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

export const scriptSources = ['openai', 'offline', 'manual'] as const;
export type ScriptSource = (typeof scriptSources)[number];

/** A segment as stored; what a request may send is `segmentsInputSchema`. */
export const segmentSchema = z.object({
  text: z.string(),
  mediaAssetId: z
    .union([z.string().max(100), z.number()])
    .nullable()
    .optional(),
  mediaFile: z.string().max(2_000).nullable().optional(),
  mediaDuration: z.number().min(0).max(600).default(3),
  mediaStartTime: z.number().min(0).max(36_000).default(0),
  thumbnailUrl: z.string().max(2_000).nullable().optional(),
  /** Why auto-assignment chose the media (its tags found in the text); shown by Switch Scenes, derived again by the server. */
  matchedTags: z.array(z.string().max(matchedTagLimits.chars)).max(matchedTagLimits.tags).optional(),
  /** `generated`: the sentence is shown over a generated background; set by the server, derived again on every request. */
  source: z.enum(segmentSources).optional(),
  generatedReason: z.enum(generatedReasons).optional(),
  /** The creator's crop focus for this shot, 0–1 across and down; absent: the clip's analysed focus. */
  focusX: z.number().min(0).max(1).optional(),
  focusY: z.number().min(0).max(1).optional(),
  /** The creator picked this shot's clip: Edit Video's re-plan keeps it (rules/shot-replan.ts). */
  chosen: z.boolean().optional(),
});

/** Stored video metadata is read as it is (older records may hold more segments than a request may send). */
export const videoMetadataSchema = z.object({
  segments: z.array(segmentSchema),
  totalDuration: z.number().min(0).max(3_600),
});
export type VideoMetadata = z.infer<typeof videoMetadataSchema>;
/** A segment as a record may hold it (older ones lack the fields with defaults); the client reads it leniently. */
export type StoredSegment = z.input<typeof segmentSchema>;

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

/** Caption settings as stored: an object or a JSON string; requests send `captionSettingsInputSchema`. */
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
  /**
   * Whether the current video's file carries the free plan's "Made with Reelsmith" watermark, as its render
   * drew it (TikTok refuses such a file); null when not known (a video made before it was recorded, or a
   * videoUrl set by PATCH).
   */
  videoWatermarked: z.boolean().nullable().default(null),
  /** The last audio failure, shown on the card after a reload (records older than read null). */
  audioGenerationError: z.string().nullable().default(null),
  /** The last video failure, as the pipeline's MarkFailed wrote it. */
  videoGenerationError: z.string().nullable().default(null),
  /** The last known render percent (0–100) while a video is generating. */
  videoProgress: z.number().nullable().default(null),
  /** The language it is written, voiced and captioned in (contract/languages.ts); older records read English. */
  language: storedLanguageSchema,
  /** The script this one was translated from (POST /api/scripts/{id}/translate), or null. */
  translatedFrom: z.string().nullable().default(null),
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

/** "number, or all meaning none"; our folder ids are strings. */
export const preferredFolderIdSchema = z
  .union([z.string().trim().max(100), z.number().int().nonnegative()])
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' || value === 'all' ? null : String(value)));

/** A script's words: required, and at most what every voice can speak in one go. */
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

/** POST /api/scripts: the fields the client saves, once per generated script. */
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
  /** The language it is written in; absent: the user's default language (Settings), else English. */
  language: languageSchema.optional(),
  /** Sent by the product's (docs/product.md#script-fields-and-limits) client; the session decides the owner. */
  userId: z.unknown().optional(),
  videoMetadata: videoMetadataInputSchema.nullable().optional(),
});
export type CreateScriptInput = z.infer<typeof createScriptSchema>;

/** PATCH /api/scripts/{id}: any of these fields. */
export const updateScriptSchema = z
  .object({
    isActive: z.boolean(),
    audioGenerationStatus: z.enum(generationStatuses),
    videoGenerationStatus: z.enum(generationStatuses),
    captionSettings: captionSettingsInputSchema.nullable(),
    scriptContent: scriptContentSchema,
    voiceId: z.string().trim().max(100).nullable(),
    language: languageSchema,
    // Null as a script without one reads back (and as POST takes it).
    postCaption: postCaptionSchema.nullable(),
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

/**
 * What a script's GET answers and its PATCH cannot change: ignored when a client sends the
 * script back (its id, owner and times, what was fixed when it was made, the server's render state).
 */
export const scriptReadOnlyFields: readonly string[] = Object.keys(scriptSchema.shape).filter((key) => !Object.hasOwn(updateScriptSchema.shape, key));

/**
 * A script's read-only fields that were fixed when it was written and never move afterwards (its title and
 * what it was written from): sent back unchanged they are ignored, sent with another value PATCH refuses
 * them (400 "title cannot be changed here"), so a client that tries to rename a script is told so. Its
 * times and render state move on their own and stay ignored whatever their value.
 */
export const scriptGuardedFields = [
  'title',
  'topic',
  'toneStyle',
  'duration',
  'platform',
  'extraInstructions',
  'subjectCategory',
  'prompt',
  'source',
] as const satisfies readonly (keyof Script)[];

/** GET /api/scripts: pages of at most 200, by cursor or after the last id the client holds. */
export const listScriptsQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: z.string().max(2_000).optional(),
  /** The page after this script id (newest first): the client pages by the last id it holds. */
  before: z.string().max(100).optional(),
});
