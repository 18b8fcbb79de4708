import { LambdaClipProxyRequests } from '../../adapters/aws/lambda-clip-proxy-requests';
import { clipProxyJobs } from '../../core/media/clip-proxies';
import type { ClipProxyRequests } from '../../core/ports/media';
import { need, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';
import { lambdaHandoff } from './lambda-handoff';
import { localQueuesOf } from './local-queues';

/**
 * Where clips kept without a proxy copy are handed: the clip-proxy function in the cloud
 * (CLIP_PROXY_FUNCTION_ARN, an asynchronous invoke), this process's local queue otherwise (local-queues.ts:
 * the local stack runs the same handler). A failure to hand them over is logged, never the caller's
 * failure: the upload or the video request goes on, and FinalizeVideo copies a clip a finished video uses.
 */
export function clipProxyRequestsOf(context: EntryContext): ClipProxyRequests {
  need(context, { kind: 'requestsClipProxies' });
  const { config } = context;
  const log = logger.createChild({ persistentKeys: { area: 'clip-proxies' } });
  return {
    request: lambdaHandoff<[string, readonly string[]]>(config, 'CLIP_PROXY_FUNCTION_ARN', {
      cloud: (lambda, functionArn) => {
        const jobs = new LambdaClipProxyRequests(lambda, functionArn);
        return (userId, assetIds) => jobs.request(userId, assetIds);
      },
      local: async (userId, assetIds) => {
        const queue = localQueuesOf(config).clipProxies;
        // A process that runs no jobs (no local stack) queues nothing: the hand-over fails, as an invoke would.
        if (!queue.hasConsumer) throw new Error('no local clip-proxy runner');
        for (const job of clipProxyJobs(userId, assetIds)) await queue.enqueue(job, 0);
      },
      failed: (error, userId, assetIds) => log.warn('clip proxies not handed to the job', { userId, assets: assetIds.length, error: String(error) }),
    }),
  };
}
