import { createCheckoutSchema, portalSchema, updateAfterCheckoutSchema } from '../contract/billing';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { jsonBodyLimitBytes } from '../platform/http/middleware';
import { PayloadTooLargeError } from '../platform/http/transport-errors';
import { composeBilling, type BillingDeps } from '../compose/billing';

/** Plans through Stripe (Subscriptions). Shapes and statuses: functions/contract/billing.ts. */
const { signedIn, endpoint } = endpointsFor<BillingDeps>();

export const handler = createAreaHandler('billing', composeBilling, {
  'POST /api/subscriptions/create-session': signedIn({
    body: createCheckoutSchema,
    handle: async ({ body, deps, userId }) => ({ body: await deps.billing.createCheckout(userId, body) }),
  }),
  'POST /api/subscriptions/portal-session': signedIn({
    body: portalSchema,
    handle: async ({ body, deps, userId }) => ({ body: await deps.billing.createPortal(userId, body) }),
  }),
  'POST /api/subscriptions/update-after-checkout': signedIn({
    body: updateAfterCheckoutSchema,
    handle: async ({ body, deps, userId }) => ({ body: await deps.billing.confirmCheckout(userId, body) }),
  }),
  // Stripe's delivery: the signature over the exact bytes received (API Gateway may send them base64).
  'POST /api/stripe/webhook': endpoint({
    handle: async ({ request, deps }) => {
      const { event } = request;
      const raw = event.body ?? '';
      const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
      if (bytes.byteLength > jsonBodyLimitBytes) throw new PayloadTooLargeError(jsonBodyLimitBytes);
      const signature = event.headers?.['stripe-signature'] ?? event.headers?.['Stripe-Signature'];
      const outcome = await deps.billing.receive(bytes, signature);
      if (outcome !== 'processed') request.log.info('stripe webhook', { outcome });
      return { body: { received: true } };
    },
  }),
});
