import { EventBridgeScheduler } from '../../adapters/aws/eventbridge-scheduler';
import { localScheduler } from '../../adapters/local/in-process-scheduler';
import type { Scheduler } from '../../core/ports/delivery';
import type { EntryContext } from '../../platform/entry-context';
import { schedulerClientOf } from '../clients/scheduler';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in. The scheduler: EventBridge Scheduler in the cloud, this process's in-process scheduler locally.
 */

/** EventBridge Scheduler when the stack configured it; otherwise this process's in-process scheduler. */
export function schedulerOf(context: EntryContext): Scheduler {
  const { config } = context;
  if (config.SCHEDULE_GROUP && config.SCHEDULE_TARGET_ARN && config.SCHEDULE_ROLE_ARN && config.SCHEDULE_DLQ_ARN) {
    return new EventBridgeScheduler(schedulerClientOf(context), {
      groupName: config.SCHEDULE_GROUP,
      targetArn: config.SCHEDULE_TARGET_ARN,
      roleArn: config.SCHEDULE_ROLE_ARN,
      deadLetterArn: config.SCHEDULE_DLQ_ARN,
    });
  }
  if (config.STAGE === 'cloud') throw new Error('SCHEDULE_GROUP, SCHEDULE_TARGET_ARN, SCHEDULE_ROLE_ARN and SCHEDULE_DLQ_ARN are needed in the cloud');
  return localScheduler({ stateFile: config.SCHEDULER_STATE_FILE });
}
