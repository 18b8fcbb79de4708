import Stripe from 'stripe';
import type { PaidTier } from '../../contract/rules/billing';
import { ProviderError } from '../../core/errors';
import {
  InvalidSignatureError,
  type BillingProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../../core/ports/billing';
import { billingMessages } from '../../contract/rules/billing';
import { ChosenOnFirstUse } from './chosen-on-first-use';

/** Stripe's own default, kept explicit: a signature older than this is refused. */
export const webhookToleranceSeconds = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidTier, string>;
  /** Another Stripe-compatible API (the local emulator, a test's fake): the SDK's host/port/protocol. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

type Id = string | { id: string } | null | undefined;
const idOf = (value: Id): string | null => (value === null || value === undefined ? null : typeof value === 'string' ? value : value.id);

/** The SDK's "no such object" (404 resource_missing). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/**
 * Billing through the real `stripe` SDK. The settings (secret key, webhook secret, the price
 * of each tier) are read on first use (SSM in the cloud); unset settings make every call a 503 and every
 * webhook a refusal. Prices map to tiers here, so core sees tiers only. Errors of the provider become a
 * ProviderError whose message says nothing of Stripe's internals.
 */
export class StripeBilling implements BillingProvider {
  private readonly client: ChosenOnFirstUse<{ stripe: Stripe; settings: StripeSettings }>;

  constructor(settings: () => Promise<StripeSettings | undefined>) {
    this.client = new ChosenOnFirstUse(async () => {
      const resolved = await settings();
      if (!resolved) throw new ProviderError(billingMessages.unavailable, 503, 'BILLING_UNAVAILABLE');
      const stripe = new Stripe(resolved.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(resolved.api ? { host: resolved.api.host, port: resolved.api.port, protocol: resolved.api.protocol } : {}),
      });
      return { stripe, settings: resolved };
    });
  }

  private async call<T>(run: (stripe: Stripe, settings: StripeSettings) => Promise<T>): Promise<T> {
    const { stripe, settings } = await this.client.get();
    try {
      return await run(stripe, settings);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (error instanceof Stripe.errors.StripeError) throw new ProviderError(billingMessages.unavailable, 502, 'BILLING_PROVIDER');
      throw error;
    }
  }

  private tierOf(settings: StripeSettings, priceId: string | undefined): PaidTier | null {
    if (priceId === settings.prices.basic) return 'basic';
    if (priceId === settings.prices.pro) return 'pro';
    return null;
  }

  createCustomer(input: { userId: string; email: string }): Promise<string> {
    return this.call(async (stripe) => {
      const customer = await stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId } },
        { idempotencyKey: `customer-${input.userId}` },
      );
      return customer.id;
    });
  }

  createCheckoutSession(input: {
    userId: string;
    customerId: string;
    tier: PaidTier;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }> {
    return this.call(async (stripe, settings) => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: settings.prices[input.tier], quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { userId: input.userId, tier: input.tier },
        subscription_data: { metadata: { userId: input.userId } },
      });
      if (!session.url) throw new ProviderError(billingMessages.unavailable, 502, 'BILLING_PROVIDER');
      return { id: session.id, url: session.url };
    });
  }

  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | undefined> {
    return this.call(async (stripe) => {
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        return {
          id: session.id,
          customerId: idOf(session.customer),
          clientReferenceId: session.client_reference_id,
          metadataUserId: session.metadata?.userId ?? null,
          status: session.status ?? 'open',
          subscriptionId: idOf(session.subscription),
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    return this.call(async (stripe) => {
      const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
      return { url: session.url };
    });
  }

  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    return this.call(async (stripe, settings) => {
      try {
        const subscription = await stripe.subscriptions.retrieve(id);
        const item = subscription.items.data[0];
        return {
          id: subscription.id,
          customerId: idOf(subscription.customer) ?? '',
          status: subscription.status,
          tier: this.tierOf(settings, item?.price.id),
          startDate: subscription.start_date,
          currentPeriodStart: item?.current_period_start ?? null,
          currentPeriodEnd: item?.current_period_end ?? null,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          cancelAt: subscription.cancel_at,
          endedAt: subscription.ended_at,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  retrieveInvoice(id: string): Promise<ProviderInvoice | undefined> {
    return this.call(async (stripe) => {
      try {
        const invoice = await stripe.invoices.retrieve(id);
        return {
          id: invoice.id ?? id,
          customerId: idOf(invoice.customer) ?? '',
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          status: invoice.status ?? 'draft',
          periodStart: invoice.period_start,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  cancelSubscription(id: string): Promise<void> {
    return this.call(async (stripe) => {
      try {
        const subscription = await stripe.subscriptions.retrieve(id);
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
        await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
    });
  }

  async verifyEvent(rawBody: Uint8Array, signature: string | undefined): Promise<ProviderEvent> {
    if (!signature) throw new InvalidSignatureError();
    const { stripe, settings } = await this.client.get();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(Buffer.from(rawBody), signature, settings.webhookSecret, webhookToleranceSeconds);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidSignatureError();
      throw new InvalidSignatureError();
    }
    const object = event.data.object as { id?: unknown; customer?: unknown };
    const customer = object.customer;
    return {
      id: event.id,
      type: event.type,
      objectId: typeof object.id === 'string' ? object.id : '',
      customerId: typeof customer === 'string' ? customer : null,
    };
  }
}
