import { z } from 'zod';
import { matchedTagLimits } from '../../contract/rules/segments';
import { generatedReasons, segmentSources } from '../../contract/rules/generated-backgrounds';
import { AppError, isShownToUser } from '../errors';
import { maxRenderChunks, renderChunkSchema } from './frame-timeline';

/**
 * What the state machine carries between its tasks (functions/pipeline/state-machine.asl.json). The
 * execution starts with `{ userId, scriptId, runId, traceId? }`; each task adds its result under its own key
 * (ResultPath), so a later task (or MarkFailed) still sees everything before it. Small on purpose:
 * word timings stay in S3 beside the voice-over, never in the state (256 KB limit).
 */
const id = z.string().min(1).max(100);

/**
 * The id that ties a run's log lines to the HTTP request (or the automation firing) that started it.
 * Optional: executions started before it existed carry none.
 */
export const traceIdSchema = z.string().min(1).max(200);

export const runInputSchema = z.object({ userId: id, scriptId: id, runId: id, traceId: traceIdSchema.optional() });
export type RunInput = z.infer<typeof runInputSchema>;

export const audioResultSchema = z.object({
  audioKey: z.string().min(1),
  wordsKey: z.string().min(1),
  durationSeconds: z.number().positive(),
});
export type AudioResult = z.infer<typeof audioResultSchema>;

export const plannedSegmentSchema = z.object({
  text: z.string(),
  /** Null for a generated background (`source: 'generated'`): no clip to read. */
  mediaAssetId: z.string().nullable(),
  storageKey: z.string().nullable(),
  /** The clip's proxy copy, read instead of `storageKey` by a preview or a draft render. */
  proxyKey: z.string().optional(),
  /** What the script's videoMetadata shows for the segment. */
  mediaFile: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Where in the clip the segment starts, and the clip's own length (0 when unknown). */
  mediaStartTime: z.number().min(0),
  clipDuration: z.number().min(0),
  /** When the segment starts in the video, and how long it lasts (from the word timings). */
  start: z.number().min(0),
  mediaDuration: z.number().min(0),
  /** The clip's tags the text mentions, kept in the finished video's metadata for Switch Scenes. */
  matchedTags: z.array(z.string().max(matchedTagLimits.chars)).max(matchedTagLimits.tags).optional(),
  /** `generated`: drawn by the render (contract/rules/generated-backgrounds.ts), with the look of sentence `look`, and why. */
  source: z.enum(segmentSources).optional(),
  look: z.number().int().min(0).max(10_000).optional(),
  generatedReason: z.enum(generatedReasons).optional(),
  /** Where the 9:16 crop is centred (0–1 across and down): the creator's per-shot choice, else the clip's analysed focus. */
  focusX: z.number().min(0).max(1).optional(),
  focusY: z.number().min(0).max(1).optional(),
  /** The creator's own focus for the shot (Switch Scenes), kept apart so the finished video's metadata saves it again and not the analysed one. */
  chosenFocus: z.object({ focusX: z.number().min(0).max(1).optional(), focusY: z.number().min(0).max(1).optional() }).optional(),
  /** The creator picked the clip: saved again with the finished video, so the next Edit Video keeps it (rules/shot-replan.ts). */
  chosen: z.boolean().optional(),
});
export type PlannedSegment = z.infer<typeof plannedSegmentSchema>;

export const planResultSchema = z.object({
  segments: z.array(plannedSegmentSchema).min(1),
  totalDuration: z.number().positive(),
  musicKey: z.string().nullable(),
  /** Present when the video is rendered in chunks, in parallel (absent: one render). */
  chunks: z.array(renderChunkSchema).min(2).max(maxRenderChunks).optional(),
});
export type PlanResult = z.infer<typeof planResultSchema>;

export const videoResultSchema = z.object({
  videoKey: z.string(),
  thumbnailKey: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string(),
  durationSeconds: z.number().positive(),
  renderMs: z.number().min(0),
  /** The file carries the free plan's watermark (absent in a state written before it was recorded: not known). */
  watermarked: z.boolean().optional(),
});
export type VideoResult = z.infer<typeof videoResultSchema>;

/** What a Catch puts under `$.error`: `Cause` is the message (locally) or Lambda's JSON error (in the cloud). */
export const taskErrorSchema = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const synthesizeInputSchema = runInputSchema;
export const planInputSchema = runInputSchema.extend({ audio: audioResultSchema });
export const renderInputSchema = planInputSchema.extend({ plan: planResultSchema });
/** What a chunk's task answers (the Map state gathers them in order under `$.chunks`). */
export const chunkResultSchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(maxRenderChunks - 1),
  key: z.string().min(1).max(1024),
  frames: z.number().int().min(1),
  renderMs: z.number().min(0),
  /** The chunk's frames carry the watermark (the joined file does when any chunk does). */
  watermarked: z.boolean().optional(),
});
export type ChunkResult = z.infer<typeof chunkResultSchema>;
/** What MixAudio answers: the stored audio track. */
export const audioTrackResultSchema = z.object({ key: z.string().min(1).max(1024), renderMs: z.number().min(0) });
export type AudioTrackResult = z.infer<typeof audioTrackResultSchema>;
/** One Map iteration: the run's whole state, and its chunk. */
export const renderChunkInputSchema = z.object({ run: renderInputSchema, chunk: renderChunkSchema });
/** The Parallel state's result under `$.render`: the chunks in order and the audio track. */
export const joinInputSchema = renderInputSchema.extend({
  render: z.object({ chunks: z.array(chunkResultSchema).min(1).max(maxRenderChunks), audio: audioTrackResultSchema }),
});
export const finalizeInputSchema = renderInputSchema.extend({ video: videoResultSchema });
export const markFailedInputSchema = runInputSchema.extend({ error: taskErrorSchema.optional() });

export { VideoInputError } from '../errors';

/**
 * Keeps a known error's registry name (core/errors.ts) as the name Lambda reports, which Retry,
 * Catch and MarkFailed match; the bundles are minified, so a class's own name would not survive.
 */
export function withStableName(error: unknown): unknown {
  if (error instanceof AppError) error.name = (error.constructor as unknown as { errorName: string }).errorName;
  return error;
}

export const genericFailureMessage = 'Failed to generate video. Please try again.';
export const timeoutFailureMessage = 'Making the video took too long and was stopped. Please try again.';

/** The message MarkFailed stores and publishes for a caught task error. */
export function failureMessage(error: z.infer<typeof taskErrorSchema> | undefined): string {
  if (!error?.Error) return genericFailureMessage;
  if (error.Error === 'States.Timeout') return timeoutFailureMessage;
  if (!isShownToUser(error.Error)) return genericFailureMessage;
  let message = error.Cause ?? '';
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed && typeof parsed === 'object' && 'errorMessage' in parsed && typeof parsed.errorMessage === 'string') message = parsed.errorMessage;
  } catch {
    // Locally the cause is the message itself.
  }
  message = message.trim();
  return message && message.length <= 500 ? message : genericFailureMessage;
}
