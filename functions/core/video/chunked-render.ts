import { join } from 'node:path';
import type { FramedClip } from '../ports/video-renderer';
import { chunkClips, type RenderChunk } from './frame-timeline';
import type { PipelineDeps } from './pipeline-deps';
import { captionsOf, scriptOf } from './plan-step';
import { FrameProgress } from './progress';
import { renderScratchFiles } from './scratch-files';
import { localClip, publishVideo, renderSourcesOf, WorkFolder } from './render-step';
import { VideoInputError, type AudioResult, type AudioTrackResult, type ChunkResult, type PlanResult, type RunInput, type VideoResult } from './run';

/**
 * The parallel render: the plan's chunks (core/video/frame-timeline.ts) each rendered by a
 * RenderChunk task of the state machine's Map state while MixAudio makes the one audio track (a
 * Parallel state), then one JoinChunks task. A short video keeps the single render (render-step.ts).
 */

/** Where a chunk of a parallel render waits for the join. */
export function chunkKey(input: RunInput, index: number): string {
  return renderScratchFiles(input.userId, input.scriptId, input.runId).chunkKey(index);
}

/**
 * RenderChunk (one iteration of the Map state): only the clips this chunk shows are downloaded; its
 * frames rendered, pictures only, and stored for the join. The bar moves by the frames all chunks have
 * rendered together.
 */
export async function renderChunkStep(
  deps: PipelineDeps,
  { run, chunk }: { run: RunInput & { audio: AudioResult; plan: PlanResult }; chunk: RenderChunk },
): Promise<ChunkResult> {
  const sources = await renderSourcesOf(deps, run);
  if (chunk.startFrame + chunk.frames > sources.totalFrames) throw new VideoInputError('The video changed while it was being made. Please try again.');
  const progress = new FrameProgress(deps, run, sources.totalFrames, chunk.frames, deps.progressIntervalMs, deps.clock);
  const work = await WorkFolder.open(deps);
  try {
    // The stored key rides in `path` through the framing (empty for a generated background: nothing to download).
    // Inside a crossfade, the shot before the chunk comes too (no frames of its own: its frames after its end).
    const shown = chunkClips(
      sources.clips.map(({ storageKey, ...clip }) => ({ ...clip, path: storageKey ?? '' })),
      sources.totalFrames,
      chunk,
      { transition: sources.captions.transition },
    );
    const clips: FramedClip[] = [];
    for (const [i, { path, ...clip }] of shown.entries()) clips.push(await localClip(work, { ...clip, storageKey: path || null }, `clip-${i}`));
    const outputPath = join(work.path, 'chunk.mp4');
    const result = await deps.renderer.renderChunk({
      clips,
      startFrame: chunk.startFrame,
      frames: chunk.frames,
      words: sources.words,
      captions: sources.captions,
      language: sources.language,
      logo: await work.logo(sources),
      watermarkPath: sources.watermarkPath,
      outputPath,
      onProgress: (percent) => progress.report(percent),
    });
    const key = chunkKey(run, chunk.index);
    await deps.files.upload(key, outputPath, 'video/mp4');
    await progress.finish();
    deps.log.info('chunk rendered', { scriptId: run.scriptId, runId: run.runId, chunk: chunk.index, frames: chunk.frames, renderMs: result.elapsedMs });
    // Every chunk is drawn today (a chunk's key is its run's); the count of reused ones stays 0 until chunks are cached.
    deps.metrics?.chunkRendered(false);
    return { index: chunk.index, key, frames: chunk.frames, renderMs: result.elapsedMs, watermarked: sources.watermarkPath !== null };
  } finally {
    await work.close();
  }
}

/** Where a parallel render's audio track waits for the join, beside its chunks. */
export function audioTrackKey(input: RunInput): string {
  return renderScratchFiles(input.userId, input.scriptId, input.runId).audioKey;
}

/**
 * MixAudio (beside the chunks, in the Parallel state): the voice-over and the music under it mixed and
 * encoded once for the whole video, as a single render mixes them, and stored for the join.
 */
export async function mixAudioStep(deps: PipelineDeps, input: RunInput & { audio: AudioResult; plan: PlanResult }): Promise<AudioTrackResult> {
  const captions = captionsOf(await scriptOf(deps, input));
  const work = await WorkFolder.open(deps);
  try {
    const outputPath = join(work.path, 'audio.m4a');
    const mixed = await deps.renderer.mixAudio({
      voiceOverPath: await work.fetch(input.audio.audioKey, 'voice'),
      voiceOverDuration: input.audio.durationSeconds,
      musicPath: input.plan.musicKey ? await work.fetch(input.plan.musicKey, 'music') : null,
      musicVolume: captions.background_audio_volume,
      outputPath,
    });
    const key = audioTrackKey(input);
    await deps.files.upload(key, outputPath, 'audio/mp4');
    return { key, renderMs: mixed.elapsedMs };
  } finally {
    await work.close();
  }
}

/**
 * JoinChunks: the chunks joined in order and the audio track under them, nothing re-encoded; the MP4
 * and its thumbnail uploaded like a single render's, the chunks and the track deleted.
 */
export async function joinChunksStep(
  deps: PipelineDeps,
  input: RunInput & { audio: AudioResult; render: { chunks: ChunkResult[]; audio: AudioTrackResult } },
): Promise<VideoResult> {
  const chunks = [...input.render.chunks].sort((a, b) => a.index - b.index);
  // Only this run's own objects are read (the state is ours, but a key is never trusted).
  if (chunks.some((chunk, i) => chunk.index !== i || chunk.key !== chunkKey(input, i)) || input.render.audio.key !== audioTrackKey(input)) {
    throw new VideoInputError('The video changed while it was being made. Please try again.');
  }
  const work = await WorkFolder.open(deps);
  try {
    const began = deps.clock?.() ?? Date.now();
    const [chunkFiles, audioPath] = await Promise.all([
      Promise.all(chunks.map(async (chunk) => ({ path: await work.fetch(chunk.key, `chunk-${String(chunk.index).padStart(2, '0')}`), frames: chunk.frames }))),
      work.fetch(input.render.audio.key, 'audio'),
    ]);
    const outputPath = join(work.path, 'video.mp4');
    const joined = await deps.renderer.join({ chunks: chunkFiles, audioPath, durationSeconds: input.audio.durationSeconds, outputPath });
    const largestChunkMs = Math.max(...chunks.map((chunk) => chunk.renderMs));
    // Each chunk says whether it drew the watermark (the plan may change between chunks): one that did marks the file.
    const known = chunks.every((chunk) => chunk.watermarked !== undefined);
    const watermarked = chunks.some((chunk) => chunk.watermarked === true) || (known ? false : undefined);
    const video = await publishVideo(deps, input, outputPath, joined.durationSeconds, largestChunkMs + joined.elapsedMs, work, watermarked);
    await deps.files.delete([...chunks.map((chunk) => chunk.key), input.render.audio.key]);
    deps.log.info('video rendered', {
      scriptId: input.scriptId,
      runId: input.runId,
      seconds: joined.durationSeconds,
      chunks: chunks.length,
      largestChunkMs,
      audioMs: input.render.audio.renderMs,
      joinMs: joined.elapsedMs,
      joinStepMs: (deps.clock?.() ?? Date.now()) - began,
    });
    return video;
  } finally {
    await work.close();
  }
}
