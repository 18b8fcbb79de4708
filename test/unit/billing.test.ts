import { describe, expect, it } from 'vitest';
import { stateOf } from '../../functions/core/billing/billing-service';
import type { ProviderSubscription } from '../../functions/core/ports/billing';
import { checkoutUrls, readCheckoutReturn } from '../../functions/contract/rules/billing';
import { limitsOf } from '../../functions/core/plans/tiers';
import { stripeApiOf, stripeSettingsOf } from '../../functions/compose/billing';
import { parseStripeForm } from '../fakes/stripe';

const subscription = (patch: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  tier: 'basic',
  startDate: 1_800_000_000,
  currentPeriodStart: 1_800_000_000,
  currentPeriodEnd: 1_802_592_000,
  cancelAtPeriodEnd: false,
  cancelAt: null,
  endedAt: null,
  ...patch,
});

describe('the plan a subscription gives', () => {
  it('keeps the tier while live (active, trialing, past_due), free otherwise', () => {
    for (const status of ['active', 'trialing', 'past_due']) expect(stateOf(subscription({ status })).tier).toBe('basic');
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) expect(stateOf(subscription({ status })).tier).toBe('free');
    expect(stateOf(subscription({ tier: null })).tier).toBe('free');
  });

  it('a cancellation at period end keeps the tier and names the end; an ended one says when it ended', () => {
    const cancelling = stateOf(subscription({ cancelAtPeriodEnd: true }));
    expect(cancelling).toMatchObject({ tier: 'basic', endDate: new Date(1_802_592_000_000).toISOString() });
    expect(stateOf(subscription()).endDate).toBeNull();
    expect(stateOf(subscription({ status: 'canceled', endedAt: 1_801_000_000 })).endDate).toBe(new Date(1_801_000_000_000).toISOString());
  });

  it('the watermark follows the tier', () => {
    expect(limitsOf(stateOf(subscription({ status: 'canceled' })).tier).watermark).toBe(true);
    expect(limitsOf(stateOf(subscription()).tier).watermark).toBe(false);
  });
});

describe('the Settings page query', () => {
  it('reads success (tier default basic), cancelled, and refuses the rest', () => {
    expect(readCheckoutReturn('?subscription=success&session_id=cs_test_1')).toEqual({ kind: 'success', sessionId: 'cs_test_1', tier: 'basic' });
    expect(readCheckoutReturn('?subscription=success&session_id=cs_test_1&tier=pro')).toMatchObject({ tier: 'pro' });
    expect(readCheckoutReturn('?subscription=success&session_id=cs_test_1&tier=enterprise')).toEqual({ kind: 'invalid' });
    expect(readCheckoutReturn('?subscription=success')).toEqual({ kind: 'invalid' });
    expect(readCheckoutReturn('?subscription=cancelled')).toEqual({ kind: 'cancelled' });
    expect(readCheckoutReturn('')).toEqual({ kind: 'none' });
    expect(checkoutUrls('https://app.example', 'pro').successUrl).toBe(
      'https://app.example/settings?subscription=success&tier=pro&session_id={CHECKOUT_SESSION_ID}',
    );
  });
});

describe('Stripe settings', () => {
  it('are all required, from the environment or from SSM; the API base becomes host/port/protocol', async () => {
    expect(stripeApiOf('http://127.0.0.1:4321')).toEqual({ host: '127.0.0.1', port: 4321, protocol: 'http' });
    expect(await stripeSettingsOf({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_BASIC: 'price_b' })()).toBeUndefined();
    const read = (name: string) => Promise.resolve(`value-of-${name}`);
    const fromSsm = await stripeSettingsOf(
      { STRIPE_SECRET_KEY_PARAMETER: 'k', STRIPE_WEBHOOK_SECRET_PARAMETER: 'w', STRIPE_PRICE_BASIC_PARAMETER: 'b', STRIPE_PRICE_PRO_PARAMETER: 'p' },
      read,
    )();
    expect(fromSsm).toMatchObject({ secretKey: 'value-of-k', webhookSecret: 'value-of-w', prices: { basic: 'value-of-b', pro: 'value-of-p' } });
    expect(await stripeSettingsOf({}, read)()).toBeUndefined();
  });

  it("the emulator reads Stripe's form encoding", () => {
    expect(parseStripeForm('line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=U1&mode=subscription')).toEqual({
      line_items: { '0': { price: 'price_1', quantity: '1' } },
      metadata: { userId: 'U1' },
      mode: 'subscription',
    });
  });
});
