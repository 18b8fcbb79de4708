import { plansResponseSchema } from '../../../contract/billing';
import { statsSchema } from '../../../contract/stats';
import { ok, type AreaDescriptions } from '../route-description';

/** Plans and usage. */
export const statsRoutes: AreaDescriptions = {
  'GET /api/metadata/subscription-tiers': {
    summary: 'List the plans',
    operationId: 'listPlans',
    success: ok(plansResponseSchema, 'Every plan with its limits and price.'),
  },
  'GET /api/stats': { summary: 'Get usage and limits', operationId: 'getStats', success: ok(statsSchema, 'This month’s figures against the plan.') },
};
