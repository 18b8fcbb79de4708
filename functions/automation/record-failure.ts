import type { AutomationRunner } from '../core/workflows/automation-runner';
import { composeRecordFailure } from '../compose/automation';
import { composedOnFirstUse } from '../platform/entry-point';
import { runTask } from '../pipeline/run-task';
import { recordFailureInputSchema } from './run-input';
import { automationTaskNamed } from './tasks';

/** RecordFailure: every task's Catch. The run says why it failed; its owner is mailed once (AutomationRunner.recordFailure). */
export function recordFailureTask(runner: () => Pick<AutomationRunner, 'recordFailure'>): (event: unknown) => Promise<{ reason: string | null }> {
  return (event) => runTask(event, () => runner().recordFailure(recordFailureInputSchema.parse(event)));
}

export const handler = recordFailureTask(composedOnFirstUse('automation:record-failure', automationTaskNamed('record-failure').access, composeRecordFailure));
