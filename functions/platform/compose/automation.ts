import type { DeliveryService } from '../../core/delivery/delivery-service';
import type { AutomationRunner } from '../../core/workflows/automation-runner';
import type { EntryContext } from '../clients/entry';
import { deliveryPartsOf, firesOnly } from './delivery';
import { automationCompletionsOf, automationRunnerOf } from './workflows';

/** BeginRun: the run's claim, its script (the writer's key, the plan's tokens) and its video's claim. */
export function composeBeginRun(context: EntryContext): AutomationRunner {
  return automationRunnerOf(context, 'begin');
}

/** Deliver: the schedule's recipients get the video (delivery's mail rules). */
export function composeDeliverRun(context: EntryContext): DeliveryService {
  return deliveryPartsOf(context, firesOnly, automationCompletionsOf(context)).delivery;
}

/** RecordFailure: the run failed, said on the schedule and in one mail to the owner. */
export function composeRecordFailure(context: EntryContext): AutomationRunner {
  const { delivery } = deliveryPartsOf(context, firesOnly, automationCompletionsOf(context));
  return automationRunnerOf(context, 'record-failure', (run, reason) => delivery.runFailed(run, reason));
}
