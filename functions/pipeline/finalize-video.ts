import type { PipelineDeps } from '../core/video/pipeline-deps';
import { finalizeStep, type FinalizeResult } from '../core/video/finalize-step';
import { finalizeInputSchema } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** FinalizeVideo: minutes charged once, recent use recorded, the script's video written; safe to retry. */
export function finalizeVideoTask(deps: () => PipelineDeps): (event: unknown) => Promise<FinalizeResult> {
  return (event) => runTask(() => finalizeStep(deps(), finalizeInputSchema.parse(event)));
}

export const handler = finalizeVideoTask(videoTaskDeps('finalize-video'));
