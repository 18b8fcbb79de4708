import { LambdaClient } from '@aws-sdk/client-lambda';
import { LambdaCompletionNotices } from '../../adapters/aws/lambda-completion-notices';
import { localScheduler } from '../../adapters/local/in-process-scheduler';
import type { CompletionNotices } from '../../core/ports/delivery';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/logger';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in. Where a finished video or voice-over is announced: the jobs function in the cloud, the local job runner in process.
 */

/**
 * Where a finished video or voice-over is announced to delivery: the jobs function in the cloud, the
 * local job runner in process. A failure to announce is logged, never the caller's failure.
 */
export function completionNoticesOf(context: EntryContext): CompletionNotices {
  need(context, { kind: 'notifiesDelivery' });
  const { config } = context;
  const log = logger.child({ area: 'completion-notices' });
  const target = config.SCHEDULE_TARGET_ARN;
  const inner: CompletionNotices = target
    ? new LambdaCompletionNotices(sharedClient('lambda', config, () => new LambdaClient({ region: config.AWS_REGION })), target)
    : {
        completed: async (notice) => {
          if (config.STAGE === 'cloud') throw new Error('SCHEDULE_TARGET_ARN is needed in the cloud');
          if (!localScheduler({ stateFile: config.SCHEDULER_STATE_FILE }).runNow({ kind: 'completed', ...notice })) log.info('no local job runner: completion not delivered', { scriptId: notice.scriptId });
        },
      };
  return {
    completed: (notice) => inner.completed(notice).catch((error: unknown) => log.warn('completion not handed to delivery', { scriptId: notice.scriptId, error: String(error) })),
  };
}
