import { z } from 'zod';
import type { FramedClip, RenderClip } from '../ports/video-renderer';
import type { shotTransitions } from '../../contract/rules/captions';

/**
 * The video's timeline in whole frames (parallel render). Every render, single or in chunks,
 * places the same clip on the same frames, so a chunk can start at any frame and show exactly what the
 * single render shows there.
 */
export const videoFrameRate = 30;

/** At most this many chunks (an inline Map runs at most 40 iterations at once). */
export const maxRenderChunks = 40;
/** The chunk length a render aims at when nothing is configured. */
export const defaultChunkSeconds = 5;

/**
 * The settings preview's frame rate (the preview is the video): the same timeline at half the
 * frames, so its filters and encoder do half the work; only a single render draws at it (never chunks).
 */
export const previewFrameRate = 15;

/** Frames of a video that lasts `seconds` (the last frame starts before the end), at `rate` frames a second. */
export function timelineFrames(seconds: number, rate: number = videoFrameRate): number {
  return Math.max(1, Math.ceil(seconds * rate - 1e-6));
}

/** A length in frames of the 30 fps timeline, at `rate` (at least one frame): the preview's transitions and ramps. */
export function framesAt(frames: number, rate: number = videoFrameRate): number {
  return rate === videoFrameRate ? frames : Math.max(1, Math.round((frames * rate) / videoFrameRate));
}

export interface FrameSpan {
  startFrame: number;
  frames: number;
}

/**
 * Where each clip sits on a timeline of `totalFrames`: boundaries at the rounded running sum of the
 * durations (so rounding never drifts), at least one frame each, the last stretched to the end; a clip
 * that would start after the end is dropped and one that runs past it is cut.
 */
export function clipSpans(durations: readonly number[], totalFrames: number, rate: number = videoFrameRate): FrameSpan[] {
  const spans: FrameSpan[] = [];
  let elapsed = 0;
  let start = 0;
  for (const duration of durations) {
    if (start >= totalFrames) break;
    elapsed += Math.max(0, duration);
    const end = Math.min(totalFrames, Math.max(start + 1, Math.round(elapsed * rate)));
    spans.push({ startFrame: start, frames: end - start });
    start = end;
  }
  const last = spans[spans.length - 1];
  if (last && start < totalFrames) last.frames += totalFrames - start;
  return spans;
}

/** How consecutive shots meet (the caption settings' `transition`). */
export type ShotTransition = (typeof shotTransitions)[number];

/**
 * The frames a transition takes: a crossfade blends the next shot's first 7 frames (233 ms)
 * with the 7 frames the shot before it would have shown after its end; a zoom transition zooms through
 * the cut over the last 3 frames of one shot and the first 3 of the next (200 ms). The cut itself stays
 * on its frame, so a shot still starts on its word.
 */
export const transitionFrames = { crossfade: 7, zoom: 3 } as const;

export interface TimelineOptions {
  transition?: ShotTransition;
  /** Frames a second of the timeline (the preview's `previewFrameRate`); 30 when absent. */
  frameRate?: number;
}

/** The clips of a single render on a timeline of `totalFrames` (each segment at least 0.1 s long), as whole shots. */
export function framedClips(clips: readonly RenderClip[], totalFrames: number, options: TimelineOptions = {}): FramedClip[] {
  const spans = clipSpans(
    clips.map((clip) => Math.max(0.1, clip.duration)),
    totalFrames,
    options.frameRate,
  );
  const kind = options.transition && options.transition !== 'cut' ? options.transition : undefined;
  const span = (i: number) => (kind && spans[i] ? { kind, frames: Math.min(framesAt(transitionFrames[kind], options.frameRate), spans[i].frames) } : undefined);
  return spans.flatMap((placed, i) => {
    const clip = clips[i];
    if (!clip) return [];
    const framed: FramedClip = {
      ...clip,
      start: Math.max(0, clip.start),
      frames: placed.frames,
      skipFrames: 0,
      shot: i,
      shotFrames: placed.frames,
      shotStart: placed.startFrame,
    };
    const into = i > 0 ? span(i) : undefined;
    // A crossfade's outgoing side is as long as the incoming one (the blended frames); a zoom's is its own.
    const out = i < spans.length - 1 ? (kind === 'crossfade' ? span(i + 1) : span(i)) : undefined;
    if (into) framed.transitionIn = into;
    if (out) framed.transitionOut = out;
    return [framed];
  });
}

/**
 * The clips one chunk shows: the first cut where the chunk starts, the last where it ends. When the chunk
 * starts inside a crossfade, the shot before it comes first with no frames of its own (`frames` 0,
 * `skipFrames` its end): the crossfade's frames of it are blended with the next shot's.
 */
export function chunkClips(clips: readonly RenderClip[], totalFrames: number, chunk: FrameSpan, options: TimelineOptions = {}): FramedClip[] {
  const end = chunk.startFrame + chunk.frames;
  const shown: FramedClip[] = [];
  const shots = framedClips(clips, totalFrames, options);
  shots.forEach((clip, i) => {
    const start = clip.shotStart ?? 0;
    const clipEnd = start + clip.frames;
    const next = shots[i + 1];
    const fade = next?.transitionIn?.kind === 'crossfade' ? next.transitionIn.frames : 0;
    if (clipEnd > chunk.startFrame && start < end) {
      const skipFrames = Math.max(0, chunk.startFrame - start);
      shown.push({ ...clip, skipFrames, frames: Math.min(clipEnd, end) - start - skipFrames });
    } else if (clipEnd <= chunk.startFrame && chunk.startFrame < clipEnd + fade) {
      shown.push({ ...clip, skipFrames: clip.frames, frames: 0 });
    }
  });
  if (!shown.some((clip) => clip.frames > 0)) throw new Error('The chunk lies outside the timeline');
  return shown;
}

export const renderChunkSchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(maxRenderChunks - 1),
  startFrame: z.number().int().min(0),
  frames: z.number().int().min(1),
});
export type RenderChunk = z.infer<typeof renderChunkSchema>;

/**
 * The chunks of a render: equal runs of whole frames, about `chunkSeconds` each, at most `maxChunks`
 * (and 40). None (the single render) for a video no longer than one chunk, or when `chunkSeconds` is 0.
 */
export function planChunks(totalFrames: number, chunkSeconds: number, maxChunks = maxRenderChunks): RenderChunk[] | undefined {
  if (!(chunkSeconds > 0)) return undefined;
  const count = Math.min(maxRenderChunks, Math.max(1, Math.floor(maxChunks)), Math.ceil(totalFrames / (chunkSeconds * videoFrameRate) - 1e-9));
  if (count < 2) return undefined;
  const size = Math.ceil(totalFrames / count);
  const chunks: RenderChunk[] = [];
  for (let startFrame = 0; startFrame < totalFrames; startFrame += size) {
    chunks.push({ index: chunks.length, startFrame, frames: Math.min(size, totalFrames - startFrame) });
  }
  return chunks;
}
