import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { composeBilling, type BillingDeps } from '../platform/compose/billing';
import { NotFoundError } from '../core/errors';

/** Plans through Stripe (001 §7 Subscriptions). Being built (issue 14). */
const { signedIn, endpoint } = endpointsFor<BillingDeps>();
const notYet = () => {
  throw new NotFoundError('Not built yet');
};

export const handler = createAreaHandler('billing', composeBilling, {
  'POST /api/subscriptions/create-session': signedIn({ handle: notYet }),
  'POST /api/subscriptions/portal-session': signedIn({ handle: notYet }),
  'POST /api/subscriptions/update-after-checkout': signedIn({ handle: notYet }),
  'POST /api/stripe/webhook': endpoint({ handle: notYet }),
});
