import { AutomationDelivery } from '../core/delivery/automation-delivery';
import type { AutomationRunner } from '../core/workflows/automation-runner';
import { RunPublishing } from '../core/workflows/run-publishing';
import type { EntryContext } from '../platform/entry-context';
import { logger } from '../platform/observability/logging';
import { deliveryPartsOf, firesOnly, type DeliveryParts } from './delivery';
import { appOriginOf } from './shared';
import { publicationsServiceOf, type PostingOptions } from './publications';
import { scriptRepositoryOf } from './script-services';
import { automationCompletionsOf, automationRunnerOf, workflowStoresOf } from './workflows';

/** An automation run's delivery: the delivery area's mail rules, with the workflows' side of a run. */
export function automationDeliveryOf(context: EntryContext, parts: DeliveryParts = deliveryPartsOf(context, firesOnly)): AutomationDelivery {
  return new AutomationDelivery({
    mail: parts.mail,
    shareLinks: parts.shareLinks,
    once: parts.once,
    automations: automationCompletionsOf(context),
    appOrigin: appOriginOf(context),
    log: logger.createChild({ persistentKeys: { area: 'delivery' } }),
  });
}

/** BeginRun: the run's claim, its script (the writer's key, the plan's tokens) and its video's claim. */
export function composeBeginRun(context: EntryContext): AutomationRunner {
  return automationRunnerOf(context, 'begin');
}

/** Deliver: the schedule's recipients get the video (delivery's mail rules). */
export function composeDeliverRun(context: EntryContext): AutomationDelivery {
  return automationDeliveryOf(context);
}

/** RecordFailure: the run failed, said on the schedule and in one mail to the owner. */
export function composeRecordFailure(context: EntryContext): AutomationRunner {
  const delivery = automationDeliveryOf(context);
  return automationRunnerOf(context, 'record-failure', (run, reason) => delivery.runFailed(run, reason));
}

/** Publish and CheckPublished: the run's posts through the publications service (the card's own pre-flight and ledger). */
export function composePublishRun(context: EntryContext, options: PostingOptions = {}): RunPublishing {
  const scripts = scriptRepositoryOf(context);
  return new RunPublishing({
    schedules: workflowStoresOf(context).schedules,
    scriptOf: (userId, scriptId) => scripts.get(userId, scriptId),
    publications: publicationsServiceOf(context, options),
  });
}
