import type { PaidTier } from '../../contract/rules/billing';

/**
 * The payment provider (Stripe in production and in the local emulator) as billing's core sees it: only
 * the facts it acts on, read back from the provider ("re-read the subscription from Stripe").
 * The adapter maps price ids to tiers, so core never sees one.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  /** The tier of the subscription's price; null for a price this app does not sell. */
  tier: PaidTier | null;
  /** Unix seconds. */
  startDate: number;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** When a scheduled cancellation takes effect (unix seconds), or null. */
  cancelAt: number | null;
  endedAt: number | null;
}

export interface ProviderCheckoutSession {
  id: string;
  customerId: string | null;
  clientReferenceId: string | null;
  /** The `userId` we wrote into the session's metadata. */
  metadataUserId: string | null;
  /** open, complete or expired. */
  status: string;
  subscriptionId: string | null;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  /** draft, open, paid, uncollectible, void. */
  status: string;
  /** The subscription period the invoice pays for (unix seconds). */
  periodStart: number;
}

/** A verified webhook event: its id, type and the id of the object it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  objectId: string;
  customerId: string | null;
}

export class InvalidSignatureError extends Error {
  constructor() {
    super('Invalid webhook signature');
    this.name = 'InvalidSignatureError';
  }
}

export interface BillingProvider {
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckoutSession(input: {
    userId: string;
    customerId: string;
    tier: PaidTier;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** Undefined when the provider has no such session. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | undefined>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | undefined>;
  /** Ends a subscription now (an account being closed); a subscription already gone is fine. */
  cancelSubscription(id: string): Promise<void>;
  /** Checks the signature over the raw body (300 s tolerance); throws InvalidSignatureError. */
  verifyEvent(rawBody: Uint8Array, signature: string | undefined): Promise<ProviderEvent>;
}

/** What billing writes on the user's profile: the plan and the subscription as the provider says. */
export interface SubscriptionState {
  tier: 'free' | PaidTier;
  status: string;
  customerId: string;
  subscriptionId: string;
  startDate: string | null;
  endDate: string | null;
}

export interface BillingStore {
  /** The user who owns a customer id (written when the customer was made). */
  userOfCustomer(customerId: string): Promise<string | undefined>;
  /**
   * Records the user's customer id unless one is recorded already; answers the id in force (another
   * request may have won) and links the customer back to the user.
   */
  claimCustomer(userId: string, customerId: string): Promise<string>;
  /** Claims an event id; false when it is already claimed (a duplicate). */
  claimEvent(eventId: string, type: string): Promise<boolean>;
  /** Marks a claimed event done. */
  finishEvent(eventId: string): Promise<void>;
  /** Gives a claim back after a failure, so the provider's retry is processed. */
  releaseEvent(eventId: string): Promise<void>;
  /** Writes the plan; answers whether anything changed. */
  applySubscription(userId: string, state: SubscriptionState): Promise<boolean>;
  /** Starts every monthly counter again for a paid invoice, once per invoice; false when already done. */
  resetForInvoice(userId: string, invoiceId: string, now: Date): Promise<boolean>;
}
