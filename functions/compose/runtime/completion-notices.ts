import { LambdaCompletionNotices } from '../../adapters/aws/lambda-completion-notices';
import { localScheduler } from '../../adapters/local/in-process-scheduler';
import type { CompletionNotice, CompletionNotices } from '../../core/ports/delivery';
import { need, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';
import { lambdaHandoff } from './lambda-handoff';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in.
 */

/**
 * Where a finished video or voice-over is announced to delivery: the jobs function in the cloud, the
 * local job runner in process. A failure to announce is logged, never the caller's failure.
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
        if (!localScheduler({ stateFile: config.SCHEDULER_STATE_FILE }).runNow({ kind: 'completed', ...notice })) log.info('no local job runner: completion not delivered', { scriptId: notice.scriptId });
      },
      failed: (error, notice) => log.warn('completion not handed to delivery', { scriptId: notice.scriptId, error: String(error) }),
    }),
  };
}
