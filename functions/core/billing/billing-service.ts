import type { CreateCheckoutRequest, PlanInfo, PortalRequest, UpdateAfterCheckoutRequest, UpdateAfterCheckoutResponse } from '../../contract/billing';
import { billingMessages, checkoutSessionPlaceholder, isLiveStatus } from '../../contract/rules/billing';
import { ConflictError, NotAuthenticatedError, NotFoundError, ValidationError } from '../errors';
import { limitsOf, tierTable } from '../plans/tiers';
import type { UserRepository } from '../ports/accounts';
import {
  InvalidSignatureError,
  type BillingProvider,
  type BillingStore,
  type ProviderEvent,
  type ProviderSubscription,
  type SubscriptionState,
} from '../ports/billing';
import type { Publisher } from '../ports/realtime';
import type { User } from '../users/user';

/** The plan table the browser reads (GET /api/metadata/subscription-tiers) has the contract's shape. */
export const planInfoCheck: PlanInfo = tierTable.free;

/** The events billing acts on; any other verified event is acknowledged and ignored. */
export const handledEvents = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const iso = (seconds: number | null): string | null => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/**
 * The plan a subscription gives, from what the provider says only: its tier while the subscription is
 * live (active, trialing, past_due: Stripe keeps retrying a failed payment), free otherwise. A scheduled
 * cancellation keeps the tier and says when it ends (downgrades and cancellations take effect at the
 * period's end, when Stripe changes the price or ends the subscription).
 */
export function stateOf(subscription: ProviderSubscription): SubscriptionState {
  const live = isLiveStatus(subscription.status) && subscription.tier !== null;
  const scheduledEnd = subscription.cancelAt ?? (subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null);
  return {
    tier: live && subscription.tier ? subscription.tier : 'free',
    status: subscription.status,
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    startDate: iso(subscription.startDate),
    endDate: live ? iso(scheduledEnd) : iso(subscription.endedAt ?? scheduledEnd),
  };
}

/** Whether the profile already says what the state says. */
function sameState(user: User, state: SubscriptionState): boolean {
  return (
    user.subscriptionTier === state.tier &&
    user.subscriptionStatus === state.status &&
    user.stripeCustomerId === state.customerId &&
    user.stripeSubscriptionId === state.subscriptionId &&
    user.subscriptionStartDate === state.startDate &&
    user.subscriptionEndDate === state.endDate
  );
}

export interface BillingDepsCore {
  provider: BillingProvider;
  store: BillingStore;
  users: Pick<UserRepository, 'get'>;
  realtime?: Pick<Publisher, 'publish'>;
  /** Mails the creator whose payment failed (once per failed-payment event: the event's claim). */
  mailPaymentFailed?: (user: User) => Promise<void>;
  /** The app's origin: success, cancel and return URLs must point to it. */
  origin: () => Promise<string>;
  log?: { warn(message: string, ...fields: Record<string, unknown>[]): void };
}

/**
 * Paid plans through Stripe (Subscriptions). The tier changes only from what the
 * provider says: every event and the return from checkout re-read the subscription and write the same
 * idempotent state, so the order and the number of deliveries do not matter. Each event id is claimed
 * once (a duplicate is a no-op); a paid invoice starts the monthly counters again, once per invoice.
 */
export class BillingService {
  constructor(
    private readonly deps: BillingDepsCore,
    private readonly clock: () => number = Date.now,
  ) {}

  private async ownUrl(url: string): Promise<string> {
    const origin = await this.deps.origin();
    if (new URL(url).origin !== new URL(origin).origin) throw new ValidationError(billingMessages.foreignUrl);
    return url;
  }

  private async user(userId: string): Promise<User> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    return user;
  }

  async createCheckout(userId: string, request: CreateCheckoutRequest): Promise<{ url: string }> {
    let successUrl = await this.ownUrl(request.successUrl);
    const cancelUrl = await this.ownUrl(request.cancelUrl);
    const user = await this.user(userId);
    if (user.subscriptionTier !== 'free' && user.stripeSubscriptionId && isLiveStatus(user.subscriptionStatus)) {
      throw new ConflictError(billingMessages.alreadySubscribed);
    }
    const customerId =
      user.stripeCustomerId ?? (await this.deps.store.claimCustomer(userId, await this.deps.provider.createCustomer({ userId, email: user.email })));
    if (!successUrl.includes(checkoutSessionPlaceholder)) {
      successUrl += `${successUrl.includes('?') ? '&' : '?'}session_id=${checkoutSessionPlaceholder}`;
    }
    const session = await this.deps.provider.createCheckoutSession({ userId, customerId, tier: request.tier, successUrl, cancelUrl });
    return { url: session.url };
  }

  async createPortal(userId: string, request: PortalRequest): Promise<{ url: string }> {
    const returnUrl = await this.ownUrl(request.returnUrl);
    const user = await this.user(userId);
    if (user.subscriptionTier === 'free' || !user.stripeCustomerId) throw new NotFoundError(billingMessages.noSubscription);
    return this.deps.provider.createPortalSession({ customerId: user.stripeCustomerId, returnUrl });
  }

  /**
   * The return from checkout: the session must be the caller's (its reference, metadata and customer);
   * the plan applied is the subscription's as Stripe says, not the request's tier.
   */
  async confirmCheckout(userId: string, request: UpdateAfterCheckoutRequest): Promise<UpdateAfterCheckoutResponse> {
    const session = await this.deps.provider.retrieveCheckoutSession(request.sessionId);
    const namesCaller = session !== undefined && (session.clientReferenceId === userId || session.metadataUserId === userId);
    const customerOwner = session?.customerId ? await this.deps.store.userOfCustomer(session.customerId) : undefined;
    if (!session || !namesCaller || customerOwner !== userId) throw new NotFoundError(billingMessages.sessionNotFound);
    if (session.status !== 'complete' || !session.subscriptionId) throw new ConflictError(billingMessages.checkoutIncomplete);
    await this.sync(session.subscriptionId, userId);
    const user = await this.user(userId);
    return {
      success: user.subscriptionTier !== 'free',
      message: user.subscriptionTier !== 'free' ? `Subscription updated to ${limitsOf(user.subscriptionTier).name}` : billingMessages.checkoutIncomplete,
      tier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
    };
  }

  /**
   * A webhook delivery: verified over the raw body, claimed by event id, then acted on. Answers
   * 'duplicate' for an event already claimed, 'ignored' for a type billing does not act on.
   */
  async receive(rawBody: Uint8Array, signature: string | undefined): Promise<'processed' | 'duplicate' | 'ignored'> {
    let event: ProviderEvent;
    try {
      event = await this.deps.provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) throw new ValidationError(billingMessages.badSignature);
      throw error;
    }
    if (!(handledEvents as readonly string[]).includes(event.type)) return 'ignored';
    if (!(await this.deps.store.claimEvent(event.id, event.type))) return 'duplicate';
    try {
      await this.process(event);
    } catch (error) {
      await this.deps.store.releaseEvent(event.id).catch(() => undefined);
      throw error;
    }
    await this.deps.store.finishEvent(event.id);
    return 'processed';
  }

  private async process(event: ProviderEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = await this.deps.provider.retrieveCheckoutSession(event.objectId);
        if (session?.subscriptionId) await this.sync(session.subscriptionId);
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = await this.deps.provider.retrieveInvoice(event.objectId);
        if (!invoice?.subscriptionId) return;
        const synced = await this.sync(invoice.subscriptionId);
        if (synced && invoice.status === 'paid' && synced.state.tier !== 'free') {
          await this.deps.store.resetForInvoice(synced.userId, invoice.id, new Date(this.clock()));
          await this.notify(synced.userId, synced.state);
        }
        if (
          synced &&
          event.type === 'invoice.payment_failed' &&
          invoice.status !== 'paid' &&
          synced.state.status === 'past_due' &&
          this.deps.mailPaymentFailed
        ) {
          // After the state is written: a mail that fails is logged, never retried into a second mail.
          await this.deps
            .mailPaymentFailed(await this.user(synced.userId))
            .catch((error: unknown) =>
              this.deps.log?.warn('billing: payment-failed mail not sent', { error: error instanceof Error ? error.message : String(error) }),
            );
        }
        return;
      }
      default:
        await this.sync(event.objectId);
    }
  }

  /** Tells the user's open pages; a failed push never fails the change (they read fresh on load). */
  private async notify(userId: string, state: SubscriptionState): Promise<void> {
    try {
      await this.deps.realtime?.publish(userId, { type: 'plan', tier: state.tier, subscriptionStatus: state.status });
    } catch (error) {
      this.deps.log?.warn('billing: plan push failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * Re-reads a subscription and writes what it says on its owner's profile. A subscription other than
   * the one on the profile changes it only when live (an old one ending does not end the new one).
   */
  private async sync(subscriptionId: string, expectedUserId?: string): Promise<{ userId: string; state: SubscriptionState } | undefined> {
    const subscription = await this.deps.provider.retrieveSubscription(subscriptionId);
    if (!subscription) {
      if (expectedUserId) throw new NotFoundError(billingMessages.sessionNotFound);
      this.deps.log?.warn('billing: subscription not found at the provider', { subscriptionId });
      return undefined;
    }
    const userId = await this.deps.store.userOfCustomer(subscription.customerId);
    if (!userId || (expectedUserId && userId !== expectedUserId)) {
      if (expectedUserId) throw new NotFoundError(billingMessages.sessionNotFound);
      this.deps.log?.warn('billing: subscription of an unknown customer', { subscriptionId });
      return undefined;
    }
    const user = await this.user(userId);
    const state = stateOf(subscription);
    if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id && !isLiveStatus(subscription.status)) return undefined;
    if (!sameState(user, state)) {
      await this.deps.store.applySubscription(userId, state);
      await this.notify(userId, state);
    }
    return { userId, state };
  }
}
