import { sessionUrlSchema, updateAfterCheckoutResponseSchema, webhookReceivedSchema } from '../../../contract/billing';
import { ok, type AreaDescriptions } from '../route-description';

/** Plans through Stripe: cookie sessions only (never with an API key). */
export const billingRoutes: AreaDescriptions = {
  'POST /api/subscriptions/create-session': {
    summary: 'Start a checkout',
    operationId: 'createCheckout',
    success: ok(sessionUrlSchema, 'Where to pay.'),
    errors: [409, 502],
  },
  'POST /api/subscriptions/portal-session': {
    summary: 'Open the billing portal',
    operationId: 'createPortalSession',
    success: ok(sessionUrlSchema, 'The portal.'),
    errors: [404, 502],
  },
  'POST /api/subscriptions/update-after-checkout': {
    summary: 'Apply a finished checkout',
    operationId: 'confirmCheckout',
    success: ok(updateAfterCheckoutResponseSchema, 'The plan now in force.'),
    errors: [404, 502],
  },
  'POST /api/stripe/webhook': {
    summary: 'Stripe’s events',
    description: 'Called by Stripe only: signed (`Stripe-Signature` over the raw body); no session, no CSRF token.',
    operationId: 'receiveStripeEvent',
    success: ok(webhookReceivedSchema, 'Received.'),
    errors: [413],
  },
};
