import { z } from 'zod';
import { generationStatuses, type Script } from '../../contract/scripts';

/** What the tools answer about a script: the fields an agent acts on, file URLs made absolute. */
export const scriptSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.string(),
  audioStatus: z.enum(generationStatuses),
  videoStatus: z.enum(generationStatuses),
  /** Render percent while the video is generating. */
  videoProgress: z.number().nullable(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScriptSummary = z.infer<typeof scriptSummarySchema>;

export const scriptDetailSchema = scriptSummarySchema.extend({
  scriptContent: z.string(),
  postCaption: z.string().nullable(),
  voiceId: z.string().nullable(),
  audioUrl: z.string().nullable(),
  audioDuration: z.number().nullable(),
  audioError: z.string().nullable(),
  videoError: z.string().nullable(),
  /** The shots of the current plan (one per sentence or line), once a video was asked for. */
  shots: z.number().int().nullable(),
  translatedFrom: z.string().nullable(),
});
export type ScriptDetail = z.infer<typeof scriptDetailSchema>;

/**
 * Our files are answered as `/api/...` paths (a 302 to a short-lived file URL): made absolute on the API's
 * origin, so an agent can fetch them with the same `Authorization: Bearer` header.
 */
export function absoluteUrl(apiUrl: string, value: string | null): string | null {
  if (!value) return null;
  return value.startsWith('/') ? `${apiUrl.replace(/\/+$/, '')}${value}` : value;
}

export function scriptSummary(script: Script, apiUrl: string): ScriptSummary {
  return {
    id: script.id,
    title: script.title,
    language: script.language,
    audioStatus: script.audioGenerationStatus,
    videoStatus: script.videoGenerationStatus,
    videoProgress: script.videoGenerationStatus === 'generating' ? (script.videoProgress ?? 0) : null,
    videoUrl: absoluteUrl(apiUrl, script.videoUrl),
    thumbnailUrl: absoluteUrl(apiUrl, script.thumbnailUrl),
    createdAt: script.createdAt,
    updatedAt: script.updatedAt,
  };
}

export function scriptDetail(script: Script, apiUrl: string): ScriptDetail {
  return {
    ...scriptSummary(script, apiUrl),
    scriptContent: script.scriptContent,
    postCaption: script.postCaption,
    voiceId: script.voiceId,
    audioUrl: absoluteUrl(apiUrl, script.audioUrl),
    audioDuration: script.audioDuration,
    audioError: script.audioGenerationError ?? null,
    videoError: script.videoGenerationError ?? null,
    shots: script.videoMetadata?.segments.length ?? null,
    translatedFrom: script.translatedFrom ?? null,
  };
}
