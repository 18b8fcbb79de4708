import { z } from 'zod';
import { parseCaptionSettings, type CaptionSettings } from '../../contract/caption-settings';
import type { WordTiming } from '../captions/word-timings';
import { NotFoundError } from '../errors';
import type { MediaAsset } from '../media/media';
import { matchedTagsOf } from '../../contract/rules/segments';
import type { Script } from '../../contract/scripts';
import { scriptNotFound } from '../scripts/script-service';
import type { PipelineDeps } from './pipeline-deps';
import { ProgressReporter } from './progress';
import { VideoInputError, type AudioResult, type PlanResult, type PlannedSegment, type RunInput } from './run';
import { toCandidate } from './segment-planner';
import { segmentTimes } from './segment-timing';
import { defaultChunkSeconds, planChunks, timelineFrames } from './frame-timeline';

/** The voice-over's stored word timings (`….words.json`), bounded. */
const wordsSchema = z.array(z.object({ word: z.string().max(500), start: z.number().min(0), end: z.number().min(0) })).max(100_000);
const maxWordsBytes = 4 * 1024 * 1024;

export async function readWords(deps: { files: Pick<PipelineDeps['files'], 'get'> }, wordsKey: string): Promise<WordTiming[]> {
  const raw = await deps.files.get(wordsKey, maxWordsBytes);
  if (!raw) throw new VideoInputError('The voice-over is missing. Generate the audio again and retry.');
  return wordsSchema.parse(JSON.parse(new TextDecoder().decode(raw)));
}

export async function scriptOf(deps: Pick<PipelineDeps, 'scripts'>, run: RunInput): Promise<Script> {
  const script = await deps.scripts.get(run.userId, run.scriptId);
  if (!script) throw new NotFoundError(scriptNotFound);
  return script;
}

export function captionsOf(script: Script): CaptionSettings {
  try {
    return parseCaptionSettings(script.captionSettings);
  } catch {
    return parseCaptionSettings({});
  }
}

/** The crop's focus: the shot's own (set by the creator), else the clip's analysed framing, else none (the centre). */
export function focusOf(segment: { focusX?: number; focusY?: number }, asset: Pick<MediaAsset, 'framing'>): { focusX?: number; focusY?: number } {
  const focusX = segment.focusX ?? asset.framing?.focusX;
  const focusY = segment.focusY ?? asset.framing?.focusY;
  return { ...(focusX === undefined ? {} : { focusX }), ...(focusY === undefined ? {} : { focusY }) };
}

/**
 * PlanSegments: the segments (shots) saved by the request, timed by the voice-over's words (each shot
 * starts with its first word, so a cut planned on a tag word lands on it; the last ends with the voice), each with the stored clip it shows, or,
 * without one, a generated background. A medium deleted since the request fails the run
 * with a message that says which segment.
 */
export async function planStep(deps: PipelineDeps, input: RunInput & { audio: AudioResult }): Promise<PlanResult> {
  await new ProgressReporter(deps, input, 'planning').start();
  const script = await scriptOf(deps, input);
  const saved = script.videoMetadata?.segments ?? [];
  if (saved.length === 0) throw new VideoInputError('The video has no segments. Open Video Generation Settings and try again.');
  const words = await readWords(deps, input.audio.wordsKey);
  const duration = input.audio.durationSeconds;
  const times = segmentTimes(
    saved.map((segment) => segment.text),
    words,
    duration,
    script.language,
  );

  // Every segment's clip and the background audio, read in one batch.
  const captions = captionsOf(script);
  const ids = saved.map((segment) => (segment.mediaAssetId === null || segment.mediaAssetId === undefined ? undefined : String(segment.mediaAssetId)));
  const wanted = [...ids, captions.background_audio_id || undefined].filter((id): id is string => id !== undefined);
  const assets = new Map<string, MediaAsset>((wanted.length > 0 ? await deps.media.getAssets(input.userId, wanted) : []).map((asset) => [asset.id, asset]));
  const segments: PlannedSegment[] = [];
  let previous: PlannedSegment | undefined;
  for (const [i, segment] of saved.entries()) {
    const time = times[i] ?? { start: duration, duration: 0 };
    const id = ids[i];
    if (!id) {
      // No clip of its own (the library had none): a generated background, its look stepping on with the sentence.
      const generated: PlannedSegment = {
        text: segment.text,
        mediaAssetId: null,
        storageKey: null,
        mediaFile: null,
        thumbnailUrl: null,
        mediaStartTime: 0,
        clipDuration: 0,
        start: previous ? time.start : 0,
        mediaDuration: previous ? time.duration : time.duration + time.start,
        source: 'generated',
        look: i,
        generatedReason: segment.generatedReason ?? 'no-videos',
      };
      segments.push(generated);
      previous = generated;
      continue;
    }
    const asset = assets.get(id);
    if (!asset || asset.kind !== 'video') {
      throw new VideoInputError(`The video chosen for segment ${i + 1} is no longer in your media library. Choose another one and try again.`);
    }
    const shown = toCandidate(asset);
    const planned: PlannedSegment = {
      text: segment.text,
      mediaAssetId: asset.id,
      storageKey: asset.storageKey,
      ...(asset.proxyKey ? { proxyKey: asset.proxyKey } : {}),
      mediaFile: shown.fileUrl,
      thumbnailUrl: shown.thumbnailUrl,
      mediaStartTime: asset.duration > 0 && segment.mediaStartTime >= asset.duration ? 0 : segment.mediaStartTime,
      clipDuration: asset.duration,
      start: time.start,
      mediaDuration: time.duration,
      matchedTags: matchedTagsOf(asset, segment.text),
      // The creator's focus for the shot wins over the one found at upload.
      ...focusOf(segment, asset),
      ...(segment.focusX === undefined && segment.focusY === undefined ? {} : { chosenFocus: focusOf(segment, {}) }),
      ...(segment.chosen === true ? { chosen: true } : {}),
    };
    if (!previous && time.start > 0) {
      // Leading segments without media: the first picture starts at 0.
      planned.mediaDuration += time.start;
      planned.start = 0;
    }
    segments.push(planned);
    previous = planned;
  }

  let musicKey: string | null = null;
  if (captions.background_audio_id) {
    const music = assets.get(captions.background_audio_id);
    if (!music || music.kind !== 'audio')
      throw new VideoInputError('The background audio is no longer in your media library. Choose another one and try again.');
    musicKey = music.storageKey;
  }
  // A video longer than one chunk is rendered in parallel chunks (the state machine's Map state).
  const chunks = planChunks(timelineFrames(duration), deps.renderChunkSeconds ?? defaultChunkSeconds, deps.maxRenderChunks);
  return { segments, totalDuration: duration, musicKey, ...(chunks ? { chunks } : {}) };
}
