import { z } from 'zod';
import { clipProxyJobLimits, clipProxyJobSchema, type ClipProxies, type ClipProxyPass } from '../core/media/clip-proxies';
import { composeClipProxyJob } from '../compose/clip-proxies';
import { clipProxyJobAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { logger } from '../platform/observability/logging';

const log = logger.createChild({ persistentKeys: { area: 'clip-proxies', entry: 'clip-proxy-job' } });

/** Lambda's context, as far as the job reads it (absent locally). */
interface InvokeContext {
  getRemainingTimeInMillis(): number;
}

/** Kept back from the function's remaining time, so the last copy ends (recorded or deleted) before the timeout. */
const marginMs = 15_000;

/**
 * The clip-proxy job (an asynchronous invoke in the cloud; the same handler in process locally): makes the
 * proxy copies the named clips lack, cheapest first, within the function's time. Idempotent: a clip that has
 * one, or is gone, is skipped; two runs at once write the same key and only one records it; a copy no asset
 * takes (deleted or replaced meanwhile) is deleted.
 */
export function createClipProxyJob(
  proxies: () => Pick<ClipProxies, 'makeMissing'>,
): (event: unknown, context?: InvokeContext) => Promise<ClipProxyPass | { outcome: 'refused' }> {
  return async (event, context) => {
    const parsed = clipProxyJobSchema.safeParse(event);
    if (!parsed.success) {
      log.warn('clip proxy job refused: not a job', { issues: z.treeifyError(parsed.error) });
      return { outcome: 'refused' };
    }
    const remaining = context ? context.getRemainingTimeInMillis() - marginMs : clipProxyJobLimits.budgetMs;
    const budgetMs = Math.max(0, Math.min(clipProxyJobLimits.budgetMs, remaining));
    return proxies().makeMissing(parsed.data.userId, parsed.data.assetIds, budgetMs);
  };
}

export const composeClipProxies = composedOnFirstUse('clip-proxy-job', clipProxyJobAccess, composeClipProxyJob);

export const handler = createClipProxyJob(composeClipProxies);
