import { tierTable } from '../core/plans/tiers';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { composeStats, type StatsDeps } from '../compose/stats';

/** Plans and usage. */
const { endpoint, signedIn } = endpointsFor<StatsDeps>();

export const handler = createAreaHandler('stats', composeStats, {
  'GET /api/metadata/subscription-tiers': endpoint({
    handle: () => ({ body: { tiers: Object.values(tierTable) }, headers: { 'cache-control': 'public, max-age=300' } }),
  }),

  'GET /api/stats': signedIn({
    handle: async ({ userId, deps }) => ({ body: await deps.stats.forUser(userId) }),
  }),
});
