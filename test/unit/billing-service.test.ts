import { describe, expect, it } from 'vitest';
import { billingMessages } from '../../functions/contract/rules/billing';
import { BillingService } from '../../functions/core/billing/billing-service';
import type { ProviderSubscription } from '../../functions/core/ports/billing';
import { MemoryBillingProvider, MemoryBillingStore } from '../fakes/in-memory/billing';
import { MemoryPublisher, MemoryUsers } from '../fakes/in-memory/users';

const now = Date.parse('2026-06-01T10:00:00Z');
const origin = 'https://app.example';
const period = Math.floor(now / 1000);

/** BillingService on in-memory ports: the provider's word is the plan, each event once. */
function billingArea() {
  const users = new MemoryUsers();
  const provider = new MemoryBillingProvider();
  const store = new MemoryBillingStore(users);
  const publisher = new MemoryPublisher();
  const failedMails: string[] = [];
  const service = new BillingService(
    {
      provider,
      store,
      users,
      realtime: publisher,
      origin: () => Promise.resolve(origin),
      mailPaymentFailed: (user) => (failedMails.push(user.id), Promise.resolve()),
    },
    () => now,
  );
  users.add('u1', { scriptTokensUsed: 4000, audioMinutesUsed: 10 });
  return { users, provider, store, publisher, failedMails, service };
}

function subscription(changes: Partial<ProviderSubscription> = {}): ProviderSubscription {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    tier: 'pro',
    startDate: period,
    currentPeriodStart: period,
    currentPeriodEnd: period + 30 * 86400,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    endedAt: null,
    ...changes,
  };
}

/** u1 has a customer id at the provider (a checkout was started). */
async function withCustomer(area: ReturnType<typeof billingArea>) {
  await area.service.createCheckout('u1', { tier: 'pro', successUrl: `${origin}/settings`, cancelUrl: `${origin}/settings` });
}

describe('BillingService: checkout', () => {
  it('refuses return URLs of another site before making anything at the provider', async () => {
    const area = billingArea();
    await expect(area.service.createCheckout('u1', { tier: 'pro', successUrl: 'https://evil.example/x', cancelUrl: `${origin}/x` })).rejects.toMatchObject({
      status: 400,
      message: billingMessages.foreignUrl,
    });
    expect(area.provider.customers).toEqual([]);
  });

  it('makes the customer once, and asks the provider to put the session id in the success URL', async () => {
    const area = billingArea();
    await withCustomer(area);
    await withCustomer(area);
    expect(area.provider.customers).toHaveLength(1);
    expect(area.provider.checkouts[1]).toMatchObject({ customerId: 'cus_1', successUrl: `${origin}/settings?session_id={CHECKOUT_SESSION_ID}` });
  });

  it('refuses a second subscription while one is live (409), and the portal without one (404)', async () => {
    const area = billingArea();
    await expect(area.service.createPortal('u1', { returnUrl: `${origin}/settings` })).rejects.toMatchObject({
      status: 404,
      message: billingMessages.noSubscription,
    });
    area.users.add('u1', { subscriptionTier: 'basic', stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1', subscriptionStatus: 'active' });
    await expect(area.service.createCheckout('u1', { tier: 'pro', successUrl: `${origin}/s`, cancelUrl: `${origin}/s` })).rejects.toMatchObject({
      status: 409,
    });
    await expect(area.service.createPortal('u1', { returnUrl: `${origin}/settings` })).resolves.toEqual({ url: 'https://billing.example/portal/cus_1' });
  });

  it('applies the plan the provider says on return, never one the caller names, and only for the caller’s own session', async () => {
    const area = billingArea();
    await withCustomer(area);
    area.provider.subscriptions.set('sub_1', subscription({ tier: 'basic' }));
    area.provider.sessions.set('cs_1', {
      id: 'cs_1',
      customerId: 'cus_1',
      clientReferenceId: 'u1',
      metadataUserId: 'u1',
      status: 'complete',
      subscriptionId: 'sub_1',
    });
    area.users.add('u2');
    await expect(area.service.confirmCheckout('u2', { sessionId: 'cs_1', tier: 'pro' })).rejects.toMatchObject({
      status: 404,
      message: billingMessages.sessionNotFound,
    });
    expect((await area.users.get('u1'))?.subscriptionTier).toBe('free');
    await expect(area.service.confirmCheckout('u1', { sessionId: 'cs_1', tier: 'pro' })).resolves.toMatchObject({
      success: true,
      tier: 'basic',
      message: 'Subscription updated to Basic',
    });
    expect(area.publisher.ofType('plan')).toEqual([{ type: 'plan', tier: 'basic', subscriptionStatus: 'active' }]);
  });

  it('says an open checkout is not complete (409) and changes nothing', async () => {
    const area = billingArea();
    await withCustomer(area);
    area.provider.sessions.set('cs_1', {
      id: 'cs_1',
      customerId: 'cus_1',
      clientReferenceId: 'u1',
      metadataUserId: 'u1',
      status: 'open',
      subscriptionId: null,
    });
    await expect(area.service.confirmCheckout('u1', { sessionId: 'cs_1', tier: 'pro' })).rejects.toMatchObject({
      status: 409,
      message: billingMessages.checkoutIncomplete,
    });
    expect((await area.users.get('u1'))?.subscriptionTier).toBe('free');
  });
});

describe('BillingService: webhooks', () => {
  it('refuses a bad signature (400) and acknowledges event types it does not act on', async () => {
    const area = billingArea();
    await expect(area.service.receive(new TextEncoder().encode('evt_x'), 'forged')).rejects.toMatchObject({
      status: 400,
      message: billingMessages.badSignature,
    });
    const { body, signature } = area.provider.deliver({ id: 'evt_1', type: 'customer.created', objectId: 'cus_1', customerId: 'cus_1' });
    await expect(area.service.receive(body, signature)).resolves.toBe('ignored');
  });

  it('processes an event once however often it is delivered', async () => {
    const area = billingArea();
    await withCustomer(area);
    area.provider.subscriptions.set('sub_1', subscription());
    const { body, signature } = area.provider.deliver({ id: 'evt_1', type: 'customer.subscription.updated', objectId: 'sub_1', customerId: 'cus_1' });
    await expect(area.service.receive(body, signature)).resolves.toBe('processed');
    await expect(area.service.receive(body, signature)).resolves.toBe('duplicate');
    expect(await area.users.get('u1')).toMatchObject({ subscriptionTier: 'pro', stripeSubscriptionId: 'sub_1' });
    expect(area.publisher.ofType('plan')).toHaveLength(1);
  });

  it('gives the claim back when processing fails, so the provider’s retry is processed', async () => {
    const area = billingArea();
    await withCustomer(area);
    area.provider.subscriptions.set('sub_1', subscription());
    const { body, signature } = area.provider.deliver({ id: 'evt_1', type: 'customer.subscription.updated', objectId: 'sub_1', customerId: 'cus_1' });
    const apply = area.store.applySubscription.bind(area.store);
    area.store.applySubscription = () => Promise.reject(new Error('DynamoDB is down'));
    await expect(area.service.receive(body, signature)).rejects.toThrow('DynamoDB is down');
    area.store.applySubscription = apply;
    await expect(area.service.receive(body, signature)).resolves.toBe('processed');
    expect((await area.users.get('u1'))?.subscriptionTier).toBe('pro');
  });

  it('drops to free when the subscription ends, but an old subscription ending leaves a newer one alone', async () => {
    const area = billingArea();
    await withCustomer(area);
    area.provider.subscriptions.set('sub_2', subscription({ id: 'sub_2' }));
    area.provider.subscriptions.set('sub_1', subscription({ status: 'canceled', endedAt: period }));
    await area.service.receive(...deliver(area, 'evt_1', 'customer.subscription.updated', 'sub_2'));
    await area.service.receive(...deliver(area, 'evt_2', 'customer.subscription.deleted', 'sub_1'));
    expect(await area.users.get('u1')).toMatchObject({ subscriptionTier: 'pro', stripeSubscriptionId: 'sub_2' });
    area.provider.subscriptions.set('sub_2', subscription({ id: 'sub_2', status: 'canceled', endedAt: period }));
    await area.service.receive(...deliver(area, 'evt_3', 'customer.subscription.deleted', 'sub_2'));
    expect(await area.users.get('u1')).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled' });
  });

  it('starts the monthly counters again for a paid invoice, once per invoice, and mails a failed payment', async () => {
    const area = billingArea();
    await withCustomer(area);
    area.provider.subscriptions.set('sub_1', subscription());
    area.provider.invoices.set('in_1', { id: 'in_1', customerId: 'cus_1', subscriptionId: 'sub_1', status: 'paid', periodStart: period });
    await area.service.receive(...deliver(area, 'evt_1', 'invoice.paid', 'in_1'));
    expect(await area.users.get('u1')).toMatchObject({ scriptTokensUsed: 0, audioMinutesUsed: 0, scriptTokenLastReset: new Date(now).toISOString() });
    area.users.add('u1', { ...(await area.users.get('u1')), scriptTokensUsed: 500 });
    await area.service.receive(...deliver(area, 'evt_2', 'invoice.paid', 'in_1'));
    expect((await area.users.get('u1'))?.scriptTokensUsed).toBe(500);
    expect(area.failedMails).toEqual([]);
    area.provider.subscriptions.set('sub_1', subscription({ status: 'past_due' }));
    area.provider.invoices.set('in_2', { id: 'in_2', customerId: 'cus_1', subscriptionId: 'sub_1', status: 'open', periodStart: period });
    await area.service.receive(...deliver(area, 'evt_3', 'invoice.payment_failed', 'in_2'));
    expect(area.failedMails).toEqual(['u1']);
    expect((await area.users.get('u1'))?.subscriptionTier).toBe('pro');
  });
});

function deliver(area: ReturnType<typeof billingArea>, id: string, type: string, objectId: string): [Uint8Array, string] {
  const { body, signature } = area.provider.deliver({ id, type, objectId, customerId: 'cus_1' });
  return [body, signature];
}
