import { LambdaClient } from '@aws-sdk/client-lambda';
import { LambdaClipProxyRequests } from '../../adapters/aws/lambda-clip-proxy-requests';
import { InProcessClipProxyJobs } from '../../adapters/local/in-process-clip-proxy-jobs';
import type { ClipProxyJob } from '../../core/media/clip-proxies';
import type { ClipProxyRequests } from '../../core/ports/media';
import type { AppConfig } from '../../platform/config';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/logger';

/**
 * Where clips kept without a proxy copy are handed: the clip-proxy function in the cloud
 * (CLIP_PROXY_FUNCTION_ARN, an asynchronous invoke), this process's runner locally (the local stack runs
 * the same handler, `consumeLocalClipProxies`). A failure to hand them over is logged, never the caller's
 * failure: the upload or the video request goes on, and FinalizeVideo copies a clip a finished video uses.
 */
let localJobs: InProcessClipProxyJobs | undefined;

function localJobsOf(config: AppConfig): InProcessClipProxyJobs {
  return sharedClient('clip-proxy-jobs-local', config, () => {
    localJobs?.stop();
    localJobs = new InProcessClipProxyJobs((error) => logger.child({ area: 'clip-proxies' }).error('clip proxy job failed', { error: error instanceof Error ? error.message : String(error) }));
    return localJobs;
  });
}

export function clipProxyRequestsOf(context: EntryContext): ClipProxyRequests {
  need(context, { kind: 'requestsClipProxies' });
  const { config } = context;
  const log = logger.child({ area: 'clip-proxies' });
  const target = config.CLIP_PROXY_FUNCTION_ARN;
  const inner: ClipProxyRequests = target
    ? new LambdaClipProxyRequests(sharedClient('lambda', config, () => new LambdaClient({ region: config.AWS_REGION })), target)
    : {
        request: async (userId, assetIds) => {
          if (config.STAGE === 'cloud') throw new Error('CLIP_PROXY_FUNCTION_ARN is needed in the cloud');
          await localJobsOf(config).request(userId, assetIds);
        },
      };
  return {
    request: (userId, assetIds) => inner.request(userId, assetIds).catch((error: unknown) => log.warn('clip proxies not handed to the job', { userId, assets: assetIds.length, error: String(error) })),
  };
}

/** Locally: this process's clip-proxy jobs are run by `run` (the local stack's handler), replacing any earlier runner. */
export function consumeLocalClipProxies(config: AppConfig, run: (job: ClipProxyJob) => Promise<unknown>): void {
  localJobsOf(config).consumeWith(run);
}

/** Runs no more local jobs (the stack's stop). */
export function stopLocalClipProxies(): void {
  localJobs?.stop();
}

/** The local jobs queued and running (tests wait for them; the stack's stop too). */
export async function localClipProxiesIdle(): Promise<void> {
  await localJobs?.idle();
}
