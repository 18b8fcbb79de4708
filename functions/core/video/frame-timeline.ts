import { z } from 'zod';
import type { FramedClip, RenderClip } from '../ports/video-renderer';

/**
 * The video's timeline in whole frames (issue 16, parallel render). Every render, single or in chunks,
 * places the same clip on the same frames, so a chunk can start at any frame and show exactly what the
 * single render shows there.
 */
export const videoFrameRate = 30;

/** At most this many chunks (an inline Map runs at most 40 iterations at once). */
export const maxRenderChunks = 40;
/** The chunk length a render aims at when nothing is configured. */
export const defaultChunkSeconds = 5;

/** Frames of a video that lasts `seconds` (the last frame starts before the end). */
export function timelineFrames(seconds: number): number {
  return Math.max(1, Math.ceil(seconds * videoFrameRate - 1e-6));
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
export function clipSpans(durations: readonly number[], totalFrames: number): FrameSpan[] {
  const spans: FrameSpan[] = [];
  let elapsed = 0;
  let start = 0;
  for (const duration of durations) {
    if (start >= totalFrames) break;
    elapsed += Math.max(0, duration);
    const end = Math.min(totalFrames, Math.max(start + 1, Math.round(elapsed * videoFrameRate)));
    spans.push({ startFrame: start, frames: end - start });
    start = end;
  }
  const last = spans[spans.length - 1];
  if (last && start < totalFrames) last.frames += totalFrames - start;
  return spans;
}

/** The clips of a single render on a timeline of `totalFrames` (each segment at least 0.1 s long). */
export function framedClips(clips: readonly RenderClip[], totalFrames: number): FramedClip[] {
  return clipSpans(
    clips.map((clip) => Math.max(0.1, clip.duration)),
    totalFrames,
  ).flatMap((span, i) => {
    const clip = clips[i];
    return clip ? [{ ...clip, start: Math.max(0, clip.start), frames: span.frames, skipFrames: 0 }] : [];
  });
}

/** The clips one chunk shows: the first cut where the chunk starts, the last where it ends. */
export function chunkClips(clips: readonly RenderClip[], totalFrames: number, chunk: FrameSpan): FramedClip[] {
  const end = chunk.startFrame + chunk.frames;
  const shown: FramedClip[] = [];
  let start = 0;
  for (const clip of framedClips(clips, totalFrames)) {
    const clipEnd = start + clip.frames;
    if (clipEnd > chunk.startFrame && start < end) {
      const skipFrames = Math.max(0, chunk.startFrame - start);
      shown.push({ ...clip, skipFrames, frames: Math.min(clipEnd, end) - start - skipFrames });
    }
    start = clipEnd;
  }
  if (shown.length === 0) throw new Error('The chunk lies outside the timeline');
  return shown;
}

export const renderChunkSchema = z.object({
  index: z.number().int().min(0).max(maxRenderChunks - 1),
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
