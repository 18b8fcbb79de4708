import type { CompletionNotices } from '../core/ports/delivery';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { clipProxyStep, finalizeStep, type FinalizeResult } from '../core/video/finalize-step';
import { finalizeInputSchema } from '../core/video/run';
import { composedOnFirstUse } from '../platform/entry-point';
import { completionNoticesOf } from '../compose/runtime/completion-notices';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';
import { taskNamed } from './tasks';

/**
 * FinalizeVideo: minutes charged once, recent use recorded, the script's video written; safe to retry.
 * A recorded video is then handed to delivery (the automation email and webhook), which keys its
 * notices on the video's file, so a retried finalize announces it once. Last, the proxy copies the
 * video's clips lack are made (`clipProxyStep`, bounded, never failing the run).
 */
export function finalizeVideoTask(deps: () => PipelineDeps, notices?: () => CompletionNotices): (event: unknown) => Promise<FinalizeResult> {
  return (event) =>
    runTask(event, async () => {
      const input = finalizeInputSchema.parse(event);
      const result = await finalizeStep(deps(), input);
      if (result.recorded && notices) await notices().completed({ userId: input.userId, result: 'video', scriptId: input.scriptId, fileUrl: result.videoUrl });
      // The video is the creator's now; the proxy copies its clips lack are made last.
      if (result.recorded) await clipProxyStep(deps(), input);
      return result;
    });
}

export const handler = finalizeVideoTask(
  videoTaskDeps('finalize-video'),
  composedOnFirstUse('pipeline:finalize-video:notices', taskNamed('finalize-video').access, completionNoticesOf),
);
