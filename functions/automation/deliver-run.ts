import type { AutomationDelivery } from '../core/delivery/automation-delivery';
import { composeDeliverRun } from '../compose/automation';
import { composedOnFirstUse } from '../platform/entry-point';
import { runTask } from '../pipeline/run-task';
import { deliverInputSchema } from './run-input';
import { automationTaskNamed } from './tasks';

/** Deliver: the run's video to the schedule's recipients, once each (AutomationDelivery.deliverRun). */
export function deliverRunTask(delivery: () => Pick<AutomationDelivery, 'deliverRun'>): (event: unknown) => Promise<{ mailed: number }> {
  return (event) =>
    runTask(event, () => {
      const input = deliverInputSchema.parse(event);
      return delivery().deliverRun(input.userId, input.begun.scriptId);
    });
}

export const handler = deliverRunTask(composedOnFirstUse('automation:deliver-run', automationTaskNamed('deliver-run').access, composeDeliverRun));
