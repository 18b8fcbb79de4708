import { failureStep, type FailureResult } from '../core/video/failure-step';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { markFailedInputSchema } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** MarkFailed: every task's Catch. The script's video `failed` with a message; the run's claim given back. */
export function markFailedTask(deps: () => Pick<PipelineDeps, 'runs' | 'publisher' | 'files' | 'log'>): (event: unknown) => Promise<FailureResult> {
  return (event) => runTask(() => failureStep(deps(), markFailedInputSchema.parse(event)));
}

export const handler = markFailedTask(videoTaskDeps('mark-failed'));
