import { LambdaClipProxyRequests } from '../../adapters/aws/lambda-clip-proxy-requests';
import { InProcessClipProxyJobs } from '../../adapters/local/in-process-clip-proxy-jobs';
import type { ClipProxyJob } from '../../core/media/clip-proxies';
import type { ClipProxyRequests } from '../../core/ports/media';
import type { AppConfig } from '../../platform/config';
import { need, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';
import { lambdaHandoff } from './lambda-handoff';
import { logRunFailure, processLocalRunner } from './local-runner';

/**
 * Where clips kept without a proxy copy are handed: the clip-proxy function in the cloud
 * (CLIP_PROXY_FUNCTION_ARN, an asynchronous invoke), this process's runner locally (the local stack runs
 * the same handler, `consumeLocalClipProxies`). A failure to hand them over is logged, never the caller's
 * failure: the upload or the video request goes on, and FinalizeVideo copies a clip a finished video uses.
 */
const localJobs = processLocalRunner('clip-proxy-jobs-local', () => new InProcessClipProxyJobs(logRunFailure('clip-proxies', 'clip proxy job failed')));

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
      local: (userId, assetIds) => localJobs.of(config).request(userId, assetIds),
      failed: (error, userId, assetIds) => log.warn('clip proxies not handed to the job', { userId, assets: assetIds.length, error: String(error) }),
    }),
  };
}

/** Locally: this process's clip-proxy jobs are run by `run` (the local stack's handler), replacing any earlier runner. */
export function consumeLocalClipProxies(config: AppConfig, run: (job: ClipProxyJob) => Promise<unknown>): void {
  localJobs.of(config).consumeWith(run);
}

/** Runs no more local jobs (the stack's stop). */
export const stopLocalClipProxies = localJobs.stop;

/** The local jobs queued and running (tests wait for them; the stack's stop too). */
export const localClipProxiesIdle = localJobs.idle;
