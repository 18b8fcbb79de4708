import type { PipelineDeps } from '../core/video/pipeline-deps';
import { planStep } from '../core/video/plan-step';
import { planInputSchema, type PlanResult } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** PlanSegments: the saved segments timed by the voice-over's words, each with its stored clip. */
export function planSegmentsTask(deps: () => PipelineDeps): (event: unknown) => Promise<PlanResult> {
  return (event) => runTask(event, () => planStep(deps(), planInputSchema.parse(event)));
}

export const handler = planSegmentsTask(videoTaskDeps('plan-segments'));
