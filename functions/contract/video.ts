import { z } from 'zod';
import { captionSettingsInputSchema, withCaptionDefaults } from './caption-settings';
import { scriptSchema, segmentsInputSchema, videoMetadataSchema, type Script, type VideoMetadata } from './scripts';

/** A script's voice-over and video (docs/pipeline-contract.md): the requests that start them and their answers. */

/**
 * POST /api/scripts/{id}/generate-video. The caption settings are checked here, once, by the one strict
 * schema, and leave it complete: the fields a request left out take the dialog's defaults. None at all
 * means the settings saved with the script.
 */
export const generateVideoSchema = z.object({
  captionSettings: captionSettingsInputSchema.transform(withCaptionDefaults).nullable().optional(),
  videoMetadata: z
    .object({
      segments: segmentsInputSchema,
      totalDuration: z.number().min(0).max(3_600).optional(),
    })
    .nullable()
    .optional(),
  /**
   * Without segments: `true` plans every shot again from the library as it is now ("Re-plan shots"); else
   * the saved shots without a clip of the creator's own are planned again (rules/shot-replan.ts).
   */
  replanShots: z.boolean().optional(),
});
export type GenerateVideoInput = z.infer<typeof generateVideoSchema>;

/** 202: the render has started; progress arrives as `script-update` messages. */
export interface GenerateVideoResult {
  executionId: string;
  videoMetadata: VideoMetadata;
  script: Script;
}

/** POST /api/scripts/{id}/convert-to-audio: `{}` or `{ voiceId }`; a blank or null voice means "the usual choice". */
export const convertToAudioSchema = z.object({ voiceId: z.string().trim().max(100).nullable().optional() });

/** The voice-over, made synchronously, and the script that now holds it. */
export interface ConvertToAudioResult {
  /** Characters synthesised (the product's (docs/product.md#voice) client reads `tokensUsed`). */
  tokensUsed: number;
  audioUrl: string;
  audioDuration: number;
  script: Script;
}

/** GET /api/audio/{file} and /api/video/{file}: the user's own files, by name. */
export const playbackFileParams = z.object({ file: z.string().max(300) });

/** `?download=1`: the file is answered as an attachment named after the script's title. */
export const playbackQuery = z.object({ download: z.enum(['1'], { error: 'download must be 1' }).optional() });

/**
 * POST /api/scripts/{id}/preview ("the preview is the video"): the dialog's current, unsaved
 * segments and caption settings, checked by the same schema as generate-video; nothing is saved.
 */
export const videoPreviewSchema = generateVideoSchema;
export type VideoPreviewInput = z.infer<typeof videoPreviewSchema>;

/** A low-resolution render of the cut (the proxy), to play in the dialog: a short-lived URL of an MP4. */
export interface VideoPreviewResult {
  url: string;
  /** When the URL stops working (ISO). */
  expiresAt: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** How long the render took (ms), shown beside the player. */
  renderMs: number;
}

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const generateVideoResultSchema: z.ZodType<GenerateVideoResult> = z.object({
  executionId: z.string(),
  videoMetadata: videoMetadataSchema,
  script: scriptSchema,
});
export const convertToAudioResultSchema: z.ZodType<ConvertToAudioResult> = z.object({
  tokensUsed: z.number(),
  audioUrl: z.string(),
  audioDuration: z.number(),
  script: scriptSchema,
});
export const videoPreviewResultSchema: z.ZodType<VideoPreviewResult> = z.object({
  url: z.string(),
  expiresAt: z.string(),
  width: z.number(),
  height: z.number(),
  durationSeconds: z.number(),
  renderMs: z.number(),
});
