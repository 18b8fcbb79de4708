import type { RunPosts, RunPublishing } from '../core/workflows/run-publishing';
import { composePublishRun } from '../compose/automation';
import { composedOnFirstUse } from '../platform/entry-point';
import { runTask } from '../pipeline/run-task';
import { deliverInputSchema } from './run-input';
import { automationTaskNamed } from './tasks';

/** Publish: the run's video to the schedule's connected accounts, once per account (RunPublishing.publish). */
export function publishRunTask(publishing: () => Pick<RunPublishing, 'publish'>): (event: unknown) => Promise<RunPosts> {
  return (event) =>
    runTask(event, () => {
      const input = deliverInputSchema.parse(event);
      return publishing().publish(input.userId, input.scheduleId, input.begun.scriptId);
    });
}

export const handler = publishRunTask(composedOnFirstUse('automation:publish-run', automationTaskNamed('publish-run').access, composePublishRun));
