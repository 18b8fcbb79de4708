import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';

/** The EventBridge Scheduler client (scheduled emails, the weekly email). */
export function schedulerClientOf(context: EntryContext): SchedulerClient {
  need(context, { kind: 'schedules' });
  const { config } = context;
  return sharedClient('scheduler', config, () => new SchedulerClient({ region: config.AWS_REGION }));
}
