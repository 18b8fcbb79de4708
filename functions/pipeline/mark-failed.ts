import type { CompletionNotices } from '../core/ports/delivery';
import { failureStep, type FailureResult } from '../core/video/failure-step';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { markFailedInputSchema } from '../core/video/run';
import { composedOnFirstUse } from '../platform/entry-point';
import { completionNoticesOf } from '../compose/runtime/completion-notices';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';
import { taskNamed } from './tasks';

/**
 * MarkFailed: every task's Catch. The script's video `failed` with a message; the run's claim and its
 * reserved video minutes given back.
 * A marked failure is handed to delivery (an automation run that wrote the script fails with the reason
 * and its owner is told), keyed by the run so a retried MarkFailed tells once.
 */
/**
 * The step a run failed at, from what its input carries: a Catch keeps the failing state's input, which
 * holds the results of the steps before it (`audio`, `plan`, the chunks, `video`).
 */
export function failedStepOf(event: unknown): string {
  const has = (key: string) => typeof event === 'object' && event !== null && key in event;
  if (has('video')) return 'finalize-video';
  if (has('render')) return 'join-chunks';
  if (has('plan')) return 'render';
  if (has('audio')) return 'plan-segments';
  return 'synthesize-audio';
}

export function markFailedTask(
  deps: () => Pick<PipelineDeps, 'runs' | 'publisher' | 'files' | 'usage' | 'log' | 'metrics'>,
  notices?: () => CompletionNotices,
): (event: unknown) => Promise<FailureResult> {
  return (event) =>
    runTask(event, async () => {
      const input = markFailedInputSchema.parse(event);
      const result = await failureStep(deps(), input);
      if (result.marked) deps().metrics?.videoFailed(failedStepOf(event));
      if (result.marked && notices) {
        await notices().completed({
          userId: input.userId,
          result: 'video-failed',
          scriptId: input.scriptId,
          fileUrl: `run:${input.runId}`,
          error: result.message,
        });
      }
      return result;
    });
}

export const handler = markFailedTask(
  videoTaskDeps('mark-failed'),
  composedOnFirstUse('pipeline:mark-failed:notices', taskNamed('mark-failed').access, completionNoticesOf),
);
