import type { Script } from '../../contract/scripts';
import type { PipelineDeps } from './pipeline-deps';
import { usageMinutes } from '../plans/usage-minutes';
import { videoStatus } from '../scripts/lifecycle';
import { keyOfVideoUrl } from '../files/script-files';
import type { AudioResult, PlanResult, RunInput, VideoResult } from './run';

export interface FinalizeResult {
  videoUrl: string;
  minutesCharged: number;
  /** False when the script is gone or another run owns it now: nothing was recorded for this run. */
  recorded: boolean;
}

/**
 * FinalizeVideo: the run's reserved video minutes settled to its real minutes once (more: added up to
 * the plan's limit; less: given back; a retry changes nothing more), the media
 * marked as recently used, then the script's video fields and status written in one update that also
 * ends the run's claim, and `script-update { videoGenerationStatus: 'complete', hasNewVideo: true }`.
 * Every write can be repeated: a retried finalize ends in the same state.
 */
export async function finalizeStep(
  deps: PipelineDeps,
  input: RunInput & { audio: AudioResult; plan: PlanResult; video: VideoResult },
): Promise<FinalizeResult> {
  const { userId, scriptId, runId } = input;
  const now = (deps.clock ?? Date.now)();
  const before = await deps.scripts.get(userId, scriptId);
  if (!before) {
    deps.log.warn('script deleted while its video was made; the video is removed', { scriptId, runId });
    await deps.files.delete([input.video.videoKey, input.video.thumbnailKey]);
    await deps.usage.releaseVideoRun(userId, runId);
    return { videoUrl: input.video.videoUrl, minutesCharged: 0, recorded: false };
  }

  const minutes = usageMinutes(input.video.durationSeconds);
  // The reservation made at the request becomes the real minutes, once.
  const charged = (await deps.usage.settleVideoRun(userId, runId, minutes)) !== undefined;
  if (charged) await deps.publisher.publish(userId, { type: 'video-usage', userId, amount: minutes }).catch(() => undefined);

  const mediaIds = [...new Set(input.plan.segments.flatMap((segment) => (segment.mediaAssetId ? [segment.mediaAssetId] : [])))];
  await deps.recent.record(userId, mediaIds, now);

  const changes: Partial<Script> = {
    videoUrl: input.video.videoUrl,
    thumbnailUrl: input.video.thumbnailUrl,
    videoMetadata: {
      segments: input.plan.segments.map((segment) => ({
        text: segment.text,
        mediaAssetId: segment.mediaAssetId,
        mediaFile: segment.mediaFile,
        thumbnailUrl: segment.thumbnailUrl,
        mediaStartTime: segment.mediaStartTime,
        mediaDuration: segment.mediaDuration,
        ...(segment.matchedTags ? { matchedTags: segment.matchedTags } : {}),
        // The creator's framing stays with the shot for the next Switch Scenes (not the focus found at upload).
        ...segment.chosenFocus,
        ...(segment.chosen === true ? { chosen: true } : {}),
        ...(segment.source === 'generated' ? { source: segment.source, ...(segment.generatedReason ? { generatedReason: segment.generatedReason } : {}) } : {}),
      })),
      totalDuration: input.video.durationSeconds,
    },
    usedMediaIds: mediaIds,
    videoGeneratedAt: new Date(now).toISOString(),
    // What the file itself carries (TikTok refuses a watermarked one, whatever the plan is now).
    videoWatermarked: input.video.watermarked ?? null,
    ...videoStatus.complete(),
    updatedAt: new Date(now).toISOString(),
  };
  const updated = await deps.runs.release(userId, scriptId, runId, changes);
  if (!updated) {
    deps.log.warn('another run owns the script now; this video is not recorded', { scriptId, runId });
    return { videoUrl: input.video.videoUrl, minutesCharged: charged ? minutes : 0, recorded: false };
  }

  deps.metrics?.videoCompleted(input.video.renderMs / 1000 / input.video.durationSeconds);

  // The video this one replaces is no longer reachable from the script: its objects go.
  const old = [keyOfVideoUrl(userId, before.videoUrl), keyOfVideoUrl(userId, before.thumbnailUrl)].filter(
    (key): key is string => key !== undefined && key !== input.video.videoKey && key !== input.video.thumbnailKey,
  );
  if (old.length > 0) await deps.files.delete(old).catch((error: unknown) => deps.log.warn('old video not removed', { error: String(error) }));

  await deps.publisher
    .publish(userId, {
      type: 'script-update',
      scriptId,
      userId,
      videoGenerationStatus: 'complete',
      hasNewVideo: true,
      progress: 100,
      videoUrl: input.video.videoUrl,
      thumbnailUrl: input.video.thumbnailUrl,
    })
    .catch(() => undefined);
  return { videoUrl: input.video.videoUrl, minutesCharged: charged ? minutes : 0, recorded: true };
}

/**
 * FinalizeVideo's last part, after the video is recorded and announced: the proxy copies its
 * clips lack (a long clip, an older upload, a stock clip saved for this run), so the creator's next preview
 * reads them small. Within `clipProxyBudgetMs`, well inside the task's 50 s; never fails the run (the
 * video is already the creator's): a clip left without a copy gets one after a later video.
 */
export const clipProxyBudgetMs = 20_000;

export async function clipProxyStep(deps: PipelineDeps, input: RunInput & { plan: PlanResult }): Promise<number> {
  if (!deps.clipProxies) return 0;
  const mediaIds = [...new Set(input.plan.segments.flatMap((segment) => (segment.mediaAssetId && !segment.proxyKey ? [segment.mediaAssetId] : [])))];
  if (mediaIds.length === 0) return 0;
  try {
    return (await deps.clipProxies.makeMissing(input.userId, mediaIds, clipProxyBudgetMs)).made.length;
  } catch (error) {
    deps.log.warn('clip proxies not made', { scriptId: input.scriptId, runId: input.runId, error: error instanceof Error ? error.message : String(error) });
    return 0;
  }
}
