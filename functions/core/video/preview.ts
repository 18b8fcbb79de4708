import { join } from 'node:path';
import type { CaptionSettings } from '../../contract/caption-settings';
import type { Script } from '../../contract/scripts';
import type { VideoPreviewInput, VideoPreviewResult } from '../../contract/video';
import { NotFoundError, RateLimitedError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { ObjectStore } from '../ports/object-store';
import type { Publisher } from '../ports/realtime';
import { proxyOutput, type RenderOutput } from '../ports/video-renderer';
import type { VideoRunStore } from '../ports/video';
import { objectKeys } from '../files/bucket-layout';
import { filesOfAudioUrl } from '../files/script-files';
import { scriptNotFound } from '../scripts/script-service';
import type { PipelineDeps } from './pipeline-deps';
import { previewFrameRate } from './frame-timeline';
import { captionsOf, planStep } from './plan-step';
import { renderSourcesOf, singleRenderInputs, WorkFolder } from './render-step';
import type { SegmentPlanner } from './segment-planner';
import { voiceTimingsOf } from './video-request-service';

/** The preview is drawn at the proxy's frame, at 15 frames a second (half the frames of the video, the same timing). */
export const previewOutput: RenderOutput = { ...proxyOutput, frameRate: previewFrameRate };
/** A longer voice-over is not previewed (the render would outlast the HTTP request's 30 s). */
export const maxPreviewSeconds = 180;
/** How long the proxy's URL works; the object itself goes with the bucket's `tmp/` lifecycle (a day). */
export const previewUrlSeconds = 15 * 60;
export const noVoiceOverMessage = 'Generate the voice-over first to preview the video';
export const previewBusyMessage = 'A preview is already being made. Wait for it to finish.';

/** A settings preview's proxy MP4: under `tmp/`, which the bucket expires after a day. */
export const previewKey = objectKeys.preview;

/** A preview changes nothing: no progress messages, no run's record. */
const silentPublisher: Publisher = { publish: () => Promise.resolve() };
const silentRuns: VideoRunStore = {
  claim: () => Promise.resolve('busy'),
  release: () => Promise.resolve(undefined),
  update: () => Promise.resolve(false),
  addRenderedFrames: () => Promise.resolve(undefined),
  advanceProgress: () => Promise.resolve(false),
};
/** Nor does it count or settle minutes, or record the media it used. */
const noUsage: PipelineDeps['usage'] = {
  settleVideoRun: () => Promise.reject(new Error('A preview settles no minutes')),
  releaseVideoRun: () => Promise.resolve(0),
};
const noRecentUse: PipelineDeps['recent'] = { since: () => Promise.resolve({}), record: () => Promise.resolve() };

export interface VideoPreviewDeps {
  /** The render's adapters, as the pipeline's tasks have them (the preview reads through the same steps). */
  pipeline: Pick<PipelineDeps, 'scripts' | 'users' | 'media' | 'files' | 'renderer' | 'log' | 'tempRoot'>;
  planner: Pick<SegmentPlanner, 'plan' | 'ownAudio'>;
  files: Pick<ObjectStore, 'get' | 'presignGet'>;
  clock?: () => number;
}

/**
 * The settings dialog's preview ("the preview is the video"): the dialog's unsaved segments and
 * caption settings, planned by the SegmentPlanner as generate-video plans them, then turned into shots by
 * the pipeline's own PlanSegments and rendered by the render engine from the script's voice-over, all at a
 * proxy's size and speed (`previewOutput`). Nothing is saved on the script, no minutes are counted, and no
 * watermark is drawn; one preview at a time per user in a process (a second one is 429).
 */
export class VideoPreviewService {
  private readonly running = new Set<string>();

  constructor(private readonly deps: VideoPreviewDeps) {}

  async preview(userId: string, scriptId: string, input: VideoPreviewInput): Promise<VideoPreviewResult> {
    if (this.running.has(userId)) throw new RateLimitedError(previewBusyMessage, undefined, 'PREVIEW_RUNNING');
    this.running.add(userId);
    try {
      return await this.render(userId, scriptId, input);
    } finally {
      this.running.delete(userId);
    }
  }

  private async render(userId: string, scriptId: string, input: VideoPreviewInput): Promise<VideoPreviewResult> {
    const { pipeline, planner } = this.deps;
    const script = await pipeline.scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError(scriptNotFound);
    const stored = filesOfAudioUrl(userId, script.audioUrl);
    if (!stored || !script.audioDuration || script.audioDuration <= 0) throw new ValidationError(noVoiceOverMessage, undefined, 'NO_VOICE_OVER');
    if (script.audioDuration > maxPreviewSeconds)
      throw new ValidationError(`The preview plays videos up to ${maxPreviewSeconds / 60} minutes; render the video to watch this one.`);

    const captions: CaptionSettings = input.captionSettings ?? captionsOf(script);
    if (captions.background_audio_id) await planner.ownAudio(userId, captions.background_audio_id);
    const sent = input.videoMetadata?.segments;
    const metadata = await planner.plan({
      userId,
      scriptContent: script.scriptContent,
      language: script.language,
      preferredFolderId: script.preferredFolderId,
      sent,
      existing: script.videoMetadata,
      voice: sent?.length ? null : await voiceTimingsOf(this.deps.files, userId, script),
      replan: input.replanShots ? 'all' : 'unowned',
    });

    // The pipeline's steps read the script: they are given the one the dialog shows, unsaved.
    const shown: Script = { ...script, captionSettings: captions, videoMetadata: metadata };
    const deps: PipelineDeps = {
      ...pipeline,
      scripts: { get: (owner, id) => Promise.resolve(owner === userId && id === scriptId ? shown : undefined) },
      runs: silentRuns,
      publisher: silentPublisher,
      usage: noUsage,
      recent: noRecentUse,
      watermarkPath: '',
      renderChunkSeconds: 0,
      // Drawn at the proxy's size: the clips' proxy copies are read where they exist.
      readsClipProxies: true,
    };
    const previewId = newId();
    const run = {
      userId,
      scriptId,
      runId: `preview-${previewId}`,
      audio: { audioKey: stored.audioKey, wordsKey: stored.wordsKey, durationSeconds: script.audioDuration },
    };
    const plan = await planStep(deps, run);
    const sources = await renderSourcesOf(deps, { ...run, plan });
    const work = await WorkFolder.open(deps);
    try {
      const inputs = await singleRenderInputs(work, sources, { ...run, plan });
      const outputPath = join(work.path, 'preview.mp4');
      const result = await deps.renderer.render({
        ...inputs,
        watermarkPath: null,
        outputPath,
        output: previewOutput,
        timeoutMs: 25_000,
      });
      const key = previewKey(userId, scriptId, previewId);
      await deps.files.upload(key, outputPath, 'video/mp4');
      const url = await this.deps.files.presignGet(key, previewUrlSeconds);
      const now = (this.deps.clock ?? Date.now)();
      pipeline.log.info('preview rendered', { scriptId, seconds: result.durationSeconds, renderMs: result.elapsedMs, clips: inputs.clips.length });
      return {
        url,
        expiresAt: new Date(now + previewUrlSeconds * 1000).toISOString(),
        width: previewOutput.width,
        height: previewOutput.height,
        durationSeconds: result.durationSeconds,
        renderMs: result.elapsedMs,
      };
    } finally {
      await work.close();
    }
  }
}
