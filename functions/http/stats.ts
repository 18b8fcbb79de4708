import { tierTable } from '../core/plans/tiers';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId } from '../platform/http/endpoint';

/** Plans and usage (spec 000 §3, §9; 001 §7, §9). */
export const handler = createAreaHandler('stats', {
  'GET /api/metadata/subscription-tiers': endpoint({
    handle: () => ({ body: { tiers: Object.values(tierTable) }, headers: { 'cache-control': 'public, max-age=300' } }),
  }),

  'GET /api/stats': endpoint({
    handle: async (input) => ({ body: await input.request.container.workspace.stats.forUser(requireUserId(input)) }),
  }),
});
