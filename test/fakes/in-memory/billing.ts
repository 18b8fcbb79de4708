import type { PaidTier } from '../../../functions/contract/rules/billing';
import {
  InvalidSignatureError,
  type BillingProvider,
  type BillingStore,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type SubscriptionState,
} from '../../../functions/core/ports/billing';
import type { MemoryUsers } from './users';

/**
 * The payment provider's side as billing reads it back: customers, checkout sessions, subscriptions and
 * invoices a test sets, and webhook events whose "signature" is the event id signed with `secret`.
 */
export class MemoryBillingProvider implements BillingProvider {
  readonly customers: { id: string; userId: string; email: string }[] = [];
  readonly checkouts: { userId: string; customerId: string; tier: PaidTier; successUrl: string; cancelUrl: string }[] = [];
  readonly sessions = new Map<string, ProviderCheckoutSession>();
  readonly subscriptions = new Map<string, ProviderSubscription>();
  readonly invoices = new Map<string, ProviderInvoice>();
  readonly events = new Map<string, ProviderEvent>();
  readonly cancelled: string[] = [];

  createCustomer(input: { userId: string; email: string }): Promise<string> {
    const id = `cus_${this.customers.length + 1}`;
    this.customers.push({ id, ...input });
    return Promise.resolve(id);
  }

  createCheckoutSession(input: {
    userId: string;
    customerId: string;
    tier: PaidTier;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }> {
    this.checkouts.push(input);
    const id = `cs_${this.checkouts.length}`;
    return Promise.resolve({ id, url: `https://checkout.example/${id}` });
  }

  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | undefined> {
    return Promise.resolve(this.sessions.get(id));
  }

  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    return Promise.resolve({ url: `https://billing.example/portal/${input.customerId}` });
  }

  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    return Promise.resolve(this.subscriptions.get(id));
  }

  retrieveInvoice(id: string): Promise<ProviderInvoice | undefined> {
    return Promise.resolve(this.invoices.get(id));
  }

  cancelSubscription(id: string): Promise<void> {
    this.cancelled.push(id);
    return Promise.resolve();
  }

  /** Signs an event for delivery: its body and the signature header a webhook would carry. */
  deliver(event: ProviderEvent): { body: Uint8Array; signature: string } {
    this.events.set(event.id, event);
    return { body: new TextEncoder().encode(event.id), signature: `signed:${event.id}` };
  }

  verifyEvent(rawBody: Uint8Array, signature: string | undefined): Promise<ProviderEvent> {
    const id = new TextDecoder().decode(rawBody);
    const event = this.events.get(id);
    if (!event || signature !== `signed:${id}`) return Promise.reject(new InvalidSignatureError());
    return Promise.resolve(event);
  }
}

/** Billing's records on the users' profiles: the customer claimed once, each event id claimed once, a paid invoice resets the counters once. */
export class MemoryBillingStore implements BillingStore {
  readonly customers = new Map<string, string>();
  readonly eventStates = new Map<string, 'processing' | 'done'>();
  readonly resetInvoices = new Map<string, string>();

  constructor(private readonly users: MemoryUsers) {}

  userOfCustomer(customerId: string): Promise<string | undefined> {
    return Promise.resolve(this.customers.get(customerId));
  }

  claimCustomer(userId: string, customerId: string): Promise<string> {
    const user = this.users.byId.get(userId);
    if (!user) return Promise.reject(new Error('no profile'));
    const inForce = user.stripeCustomerId ?? customerId;
    if (!user.stripeCustomerId) this.users.byId.set(userId, { ...user, stripeCustomerId: customerId });
    this.customers.set(inForce, userId);
    return Promise.resolve(inForce);
  }

  claimEvent(eventId: string): Promise<boolean> {
    if (this.eventStates.has(eventId)) return Promise.resolve(false);
    this.eventStates.set(eventId, 'processing');
    return Promise.resolve(true);
  }

  finishEvent(eventId: string): Promise<void> {
    this.eventStates.set(eventId, 'done');
    return Promise.resolve();
  }

  releaseEvent(eventId: string): Promise<void> {
    this.eventStates.delete(eventId);
    return Promise.resolve();
  }

  applySubscription(userId: string, state: SubscriptionState): Promise<boolean> {
    const user = this.users.byId.get(userId);
    if (!user) return Promise.reject(new Error('User not found'));
    this.users.byId.set(userId, {
      ...user,
      subscriptionTier: state.tier,
      subscriptionStatus: state.status,
      stripeCustomerId: state.customerId,
      stripeSubscriptionId: state.subscriptionId,
      subscriptionStartDate: state.startDate,
      subscriptionEndDate: state.endDate,
    });
    return Promise.resolve(true);
  }

  resetForInvoice(userId: string, invoiceId: string, now: Date): Promise<boolean> {
    const user = this.users.byId.get(userId);
    if (!user || this.resetInvoices.get(userId) === invoiceId) return Promise.resolve(false);
    const at = now.toISOString();
    this.users.byId.set(userId, {
      ...user,
      scriptTokensUsed: 0,
      audioMinutesUsed: 0,
      videoMinutesGenerated: 0,
      scriptTokenLastReset: at,
      audioMinutesLastReset: at,
      videoMinutesLastReset: at,
    });
    this.resetInvoices.set(userId, invoiceId);
    return Promise.resolve(true);
  }
}
