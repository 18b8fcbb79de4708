import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

/** The EventBridge Scheduler client (scheduled emails, the weekly email). */
export function schedulerClientOf(context: EntryContext): SchedulerClient {
  need(context, { kind: 'schedules' });
  const { config } = context;
  return sharedClient('scheduler', config, () => traced(new SchedulerClient({ region: config.AWS_REGION })));
}
