/**
 * Billing's zod-free rules (Settings page, Subscriptions, Subscription): the
 * paid tiers, the product's (docs/product.md#plans) messages word for word, and how the Settings page reads its return from checkout.
 * Both the server and the browser import this module.
 */
export const paidTiers = ['basic', 'pro'] as const;
export type PaidTier = (typeof paidTiers)[number];

export function isPaidTier(value: unknown): value is PaidTier {
  return value === 'basic' || value === 'pro';
}

export const billingMessages = {
  /** The toasts of the Available Plans section. */
  checkoutError: 'Checkout Error',
  subscriptionError: 'Subscription Error',
  updateFailed: 'Failed to update subscription status',
  portalFailed: 'Failed to create portal session',
  noPortalUrl: 'No portal URL returned',
  cancelled: 'Subscription Cancelled',
  /** Free cannot manage a subscription. */
  contactSupport: 'Contact Support to Downgrade',
  manage: 'Manage Subscription',
  /** The server's answers (our own words: the product gives none). */
  invalidTier: 'Tier must be basic or pro',
  sessionNotFound: 'Checkout session not found',
  checkoutIncomplete: 'Checkout is not complete yet',
  noSubscription: 'No subscription to manage',
  alreadySubscribed: 'You already have a subscription. Use Manage Subscription to change it.',
  foreignUrl: 'URLs must point to this site',
  unavailable: 'Payments are not available right now. Please try again later.',
  badSignature: 'Invalid webhook signature',
} as const;

/** Upper bounds of the request fields. */
export const billingBounds = { urlMax: 2048, sessionIdMax: 255 } as const;

/** Stripe replaces this in a success URL with the checkout session's id. */
export const checkoutSessionPlaceholder = '{CHECKOUT_SESSION_ID}';

export type CheckoutReturn = { kind: 'success'; sessionId: string; tier: PaidTier } | { kind: 'cancelled' } | { kind: 'invalid' } | { kind: 'none' };

/**
 * What the Settings page's query says: `subscription=success` with `session_id` and an optional
 * `tier` (default basic); `subscription=cancelled`. Anything else under `subscription` is invalid.
 */
export function readCheckoutReturn(search: string): CheckoutReturn {
  const query = new URLSearchParams(search);
  const state = query.get('subscription');
  if (state === null) return { kind: 'none' };
  if (state === 'cancelled') return { kind: 'cancelled' };
  if (state !== 'success') return { kind: 'invalid' };
  const sessionId = query.get('session_id')?.trim() ?? '';
  const tier = query.get('tier') ?? 'basic';
  if (!sessionId || sessionId.length > billingBounds.sessionIdMax || !isPaidTier(tier)) return { kind: 'invalid' };
  return { kind: 'success', sessionId, tier };
}

/** The URLs the Available Plans section sends: back to /settings with the product's (docs/product.md#plans) query. */
export function checkoutUrls(origin: string, tier: PaidTier): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${origin}/settings?subscription=success&tier=${tier}&session_id=${checkoutSessionPlaceholder}`,
    cancelUrl: `${origin}/settings?subscription=cancelled`,
  };
}

/** Subscription statuses (Stripe's) under which the paid tier stays: payment retries keep the plan until Stripe ends it. */
export const liveSubscriptionStatuses = ['active', 'trialing', 'past_due'] as const;

export function isLiveStatus(status: string): boolean {
  return (liveSubscriptionStatuses as readonly string[]).includes(status);
}
