import { LambdaCompletionNotices } from '../../adapters/aws/lambda-completion-notices';
import type { CompletionNotice, CompletionNotices } from '../../core/ports/delivery';
import { need, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';
import { lambdaHandoff } from './lambda-handoff';
import { localQueuesOf } from './local-queues';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in.
 */

/**
 * Where a finished video or voice-over is announced to delivery: the jobs function in the cloud, the
 * jobs' local queue in process (local-queues.ts). A failure to announce is logged, never the caller's failure.
 */
export function completionNoticesOf(context: EntryContext): CompletionNotices {
  need(context, { kind: 'notifiesDelivery' });
  const { config } = context;
  const log = logger.createChild({ persistentKeys: { area: 'completion-notices' } });
  return {
    completed: lambdaHandoff<[Omit<CompletionNotice, 'kind'>]>(config, 'SCHEDULE_TARGET_ARN', {
      cloud: (lambda, functionArn) => {
        const notices = new LambdaCompletionNotices(lambda, functionArn);
        return (notice) => notices.completed(notice);
      },
      local: async (notice) => {
        const jobs = localQueuesOf(config).jobs;
        if (jobs.hasConsumer) await jobs.enqueue({ kind: 'completed', ...notice }, 0);
        else log.info('no local job runner: completion not delivered', { scriptId: notice.scriptId });
      },
      failed: (error, notice) => log.warn('completion not handed to delivery', { scriptId: notice.scriptId, error: String(error) }),
    }),
  };
}
