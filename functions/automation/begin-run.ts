import type { AutomationRunner, BegunRun } from '../core/workflows/automation-runner';
import { composeBeginRun } from '../compose/automation';
import { composedOnFirstUse } from '../platform/entry-point';
import { runTask } from '../pipeline/run-task';
import { automationRunInputSchema } from './run-input';
import { automationTaskNamed } from './tasks';

/** BeginRun: claims the schedule's period, writes and saves the script, claims its video (AutomationRunner.begin). */
export function beginRunTask(runner: () => Pick<AutomationRunner, 'begin'>): (event: unknown) => Promise<BegunRun> {
  return (event) => runTask(event, () => runner().begin(automationRunInputSchema.parse(event)));
}

export const handler = beginRunTask(composedOnFirstUse('automation:begin-run', automationTaskNamed('begin-run').access, composeBeginRun));
