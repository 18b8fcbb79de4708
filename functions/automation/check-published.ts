import type { RunPosts, RunPublishing } from '../core/workflows/run-publishing';
import { composePublishRun } from '../compose/automation';
import { composedOnFirstUse } from '../platform/entry-point';
import { runTask } from '../pipeline/run-task';
import { checkPublishedInputSchema } from './run-input';
import { automationTaskNamed } from './tasks';

/** CheckPublished: whether every post of the run is final; a failed post fails the run with its reason (RunPublishing.check). */
export function checkPublishedTask(publishing: () => Pick<RunPublishing, 'check'>): (event: unknown) => Promise<RunPosts> {
  return (event) =>
    runTask(event, () => {
      const input = checkPublishedInputSchema.parse(event);
      return publishing().check(input.userId, input.begun.scriptId, input.published);
    });
}

export const handler = checkPublishedTask(composedOnFirstUse('automation:check-published', automationTaskNamed('check-published').access, composePublishRun));
