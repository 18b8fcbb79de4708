import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { StripeEmulator } from '../fakes/stripe';
import type { PublicUser } from '../../functions/contract/users';
import type { Stats } from '../../functions/contract/stats';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { latestMail } from './support/mailbox';
import { startTestStack } from './support/stack';

/**
 * Billing against the local stack: the real stripe SDK talks to the local Stripe emulator
 * (its wire format), whose events are signed by the SDK's generateTestHeaderString and posted to
 * POST /api/stripe/webhook.
 */
let stack: LocalStack;
let stripe: StripeEmulator;

beforeAll(async () => {
  stack = await startTestStack();
  if (!stack.stripe) throw new Error('the local stack should run the Stripe emulator');
  stripe = stack.stripe;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const urls = (tier = 'basic') => ({
  successUrl: `${stack.url}/settings?subscription=success&tier=${tier}&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${stack.url}/settings?subscription=cancelled`,
});

async function checkout(user: SignedInUser, tier: 'basic' | 'pro' = 'basic'): Promise<string> {
  const created = await user.client.post<{ url: string }>('/api/subscriptions/create-session', { tier, ...urls(tier) });
  expect(created.status).toBe(200);
  const sessionId = /\/checkout\/(cs_test_\w+)$/.exec(created.body.url)?.[1];
  if (!sessionId) throw new Error(`unexpected checkout url ${created.body.url}`);
  return sessionId;
}

const profile = async (user: SignedInUser) => (await user.client.get<PublicUser>('/api/user')).body;
const stats = async (user: SignedInUser) => (await user.client.get<Stats>('/api/stats')).body;

/** Posts a payload to the webhook with the given signature header (or none). */
async function postWebhook(payload: string, signature?: string): Promise<number> {
  const response = await fetch(`${stack.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

const recorded = (type: string, from = 0) => {
  const found = stripe.events.slice(from).find((event) => event.type === type);
  if (!found) throw new Error(`no ${type} event recorded`);
  return found;
};

describe('create-session, checkout and update-after-checkout', () => {
  it('refuses what it must (401, 400 tier, 400 foreign URL) and returns the checkout url', async () => {
    const user = await signUpAndIn(stack, 'bill');
    const anonymous = await fetch(`${stack.url}/api/subscriptions/create-session`, { method: 'POST' });
    expect([401, 403]).toContain(anonymous.status);

    const enterprise = await user.client.post<{ message: string }>('/api/subscriptions/create-session', { tier: 'enterprise', ...urls() });
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.message).toBe('Tier must be basic or pro');
    const foreign = await user.client.post<{ message: string }>('/api/subscriptions/create-session', {
      tier: 'basic',
      successUrl: 'https://evil.example/x',
      cancelUrl: urls().cancelUrl,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('URLs must point to this site');
    const notUrl = await user.client.post('/api/subscriptions/create-session', { tier: 'basic', successUrl: 'nope', cancelUrl: 'x'.repeat(3000) });
    expect(notUrl.status).toBe(400);

    const created = await user.client.post<{ url: string }>('/api/subscriptions/create-session', { tier: 'basic', ...urls() });
    expect(created.status).toBe(200);
    expect(created.body.url.startsWith(stripe.url)).toBe(true);
    const page = await fetch(created.body.url);
    const html = await page.text();
    expect(html).toContain('Reelsmith test checkout');
    expect(html).toContain('$20');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");

    // Cancel on the checkout page goes back to the cancel URL; nothing changes.
    const cancelled = await fetch(`${created.body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(urls().cancelUrl);
    expect((await profile(user)).subscriptionTier).toBe('free');

    // A free user has nothing to manage.
    const portal = await user.client.post('/api/subscriptions/portal-session', { returnUrl: `${stack.url}/settings` });
    expect(portal.status).toBe(404);
  });

  it('paying makes the user basic from what Stripe says; limits follow; the session is the caller’s only', async () => {
    const user = await signUpAndIn(stack, 'bill');
    const other = await signUpAndIn(stack, 'bill');
    expect((await stats(user)).scriptTokensLimit).toBe(5_000);
    const sessionId = await checkout(user, 'basic');

    // Before paying: the session is not complete.
    const early = await user.client.post('/api/subscriptions/update-after-checkout', { tier: 'basic', sessionId });
    expect(early.status).toBe(409);

    const paid = await fetch(`${stripe.url}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${stack.url}/settings?subscription=success&tier=basic&session_id=${sessionId}`);

    const after = await profile(user);
    expect(after.subscriptionTier).toBe('basic');
    expect(after.subscriptionStatus).toBe('active');
    expect(after).not.toHaveProperty('stripeCustomerId');
    const limits = await stats(user);
    expect(limits).toMatchObject({
      tier: 'basic',
      scriptTokensLimit: 20_000,
      videoMinutesLimit: 30,
      audioMinutesLimit: 45,
      voiceCloneLimit: 3,
      storageLimit: 500,
    });

    // The body's tier is not what is applied: Stripe says basic.
    const confirmed = await user.client.post<{ success: boolean; tier: string; message: string }>('/api/subscriptions/update-after-checkout', {
      tier: 'pro',
      sessionId,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, tier: 'basic' });

    // Another user's session, an unknown one, a bad tier.
    expect((await other.client.post('/api/subscriptions/update-after-checkout', { tier: 'basic', sessionId })).status).toBe(404);
    expect((await other.client.get<PublicUser>('/api/user')).body.subscriptionTier).toBe('free');
    expect((await user.client.post('/api/subscriptions/update-after-checkout', { tier: 'basic', sessionId: 'cs_test_nothing' })).status).toBe(404);
    expect((await user.client.post('/api/subscriptions/update-after-checkout', { tier: 'enterprise', sessionId })).status).toBe(400);
    expect((await user.client.post('/api/subscriptions/update-after-checkout', { tier: 'basic', sessionId: '../x' })).status).toBe(400);

    // A live subscription is changed in the portal, not by a second checkout.
    expect((await user.client.post('/api/subscriptions/create-session', { tier: 'pro', ...urls('pro') })).status).toBe(409);
    const portal = await user.client.post<{ url: string }>('/api/subscriptions/portal-session', { returnUrl: `${stack.url}/settings` });
    expect(portal.status).toBe(200);
    const portalHtml = await (await fetch(portal.body.url)).text();
    expect(portalHtml).toContain('Cancel subscription');
    expect((await user.client.post('/api/subscriptions/portal-session', { returnUrl: 'https://evil.example/' })).status).toBe(400);
  });
});

describe('the webhook', () => {
  let user: SignedInUser;
  let subscriptionId: string;

  beforeAll(async () => {
    user = await signUpAndIn(stack, 'hook');
    const sessionId = await checkout(user, 'basic');
    subscriptionId = (await stripe.actions.pay(sessionId)).subscriptionId;
    expect((await profile(user)).subscriptionTier).toBe('basic');
  });

  it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
    const payload = JSON.stringify(stripe.event('customer.subscription.deleted', subscriptionId));
    await setProfile(user.id, { subscriptionTier: 'pro' });
    expect(await postWebhook(payload)).toBe(400);
    expect(await postWebhook(payload, 't=1,v1=deadbeef')).toBe(400);
    const wrongSecret = (await import('stripe')).default.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_one' });
    expect(await postWebhook(payload, wrongSecret)).toBe(400);
    expect(await postWebhook(payload, stripe.sign(payload, Math.floor(Date.now() / 1000) - 400))).toBe(400);
    expect(await postWebhook(`${payload} `, stripe.sign(payload))).toBe(400);
    expect((await profile(user)).subscriptionTier).toBe('pro');
    // A valid event re-reads Stripe: basic again.
    expect(await stripe.deliver(payload)).toBe(200);
    expect((await profile(user)).subscriptionTier).toBe('basic');
  });

  it('a replayed event is a 200 no-op', async () => {
    const payload = JSON.stringify(stripe.event('customer.subscription.updated', subscriptionId));
    expect(await stripe.deliver(payload)).toBe(200);
    await setProfile(user.id, { subscriptionTier: 'pro' });
    expect(await stripe.deliver(payload)).toBe(200);
    expect((await profile(user)).subscriptionTier).toBe('pro');
    // A new event (new id) about the same subscription applies Stripe's truth.
    expect(await stripe.deliver(JSON.stringify(stripe.event('customer.subscription.updated', subscriptionId)))).toBe(200);
    expect((await profile(user)).subscriptionTier).toBe('basic');
  });

  it('invoice.paid starts the monthly counters again, once per invoice', async () => {
    await setProfile(user.id, { scriptTokensUsed: 1234, audioMinutesUsed: 7, videoMinutesGenerated: 12 });
    const mark = stripe.events.length;
    await stripe.actions.endPeriod(subscriptionId);
    const renewal = recorded('invoice.paid', mark);
    expect(renewal.status).toBe(200);
    const afterReset = await profile(user);
    expect(afterReset).toMatchObject({ scriptTokensUsed: 0, audioMinutesUsed: 0, videoMinutesGenerated: 0 });
    const s = await stats(user);
    expect(s.scriptTokensUsed).toBe(0);
    expect(s.videoMinutesUsed).toBe(0);

    // The same invoice again (a duplicate delivery, or another event about it): no second reset.
    await setProfile(user.id, { scriptTokensUsed: 77 });
    expect(await stripe.deliver(renewal.payload)).toBe(200);
    const invoiceId = (JSON.parse(renewal.payload) as { data: { object: { id: string } } }).data.object.id;
    expect(await stripe.deliver(JSON.stringify(stripe.event('invoice.paid', invoiceId)))).toBe(200);
    expect((await profile(user)).scriptTokensUsed).toBe(77);
  });

  it('verifies the exact bytes when API Gateway hands the body over base64', async () => {
    const payload = JSON.stringify(stripe.event('customer.subscription.updated', subscriptionId));
    const send = (signature: string) =>
      fetch(`${stack.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'stripe-signature': signature },
        body: payload,
      });
    expect((await send(stripe.sign(payload))).status).toBe(200);
    expect((await send(stripe.sign(payload.replace('subscription', 'Subscription')))).status).toBe(400);
  });

  it('ignores events it does not act on', async () => {
    const payload = JSON.stringify({ ...stripe.event('customer.subscription.updated', subscriptionId), type: 'charge.refunded' });
    expect(await stripe.deliver(payload)).toBe(200);
  });
});

describe('the billing state machine over out-of-order and duplicate events', () => {
  it('completed → updated → paid → payment_failed → deleted, delivered shuffled and doubled', async () => {
    const user = await signUpAndIn(stack, 'order');
    const sessionId = await checkout(user, 'pro');
    stripe.setAutoDelivery(false);
    try {
      const start = stripe.events.length;
      const { subscriptionId } = await stripe.actions.pay(sessionId);
      const created = recorded('customer.subscription.created', start);
      const firstPaid = recorded('invoice.paid', start);
      const completed = recorded('checkout.session.completed', start);

      // completed first (twice), then the subscription's creation arrives late.
      expect(await stripe.deliver(completed.payload)).toBe(200);
      expect(await stripe.deliver(completed.payload)).toBe(200);
      expect((await profile(user)).subscriptionTier).toBe('pro');
      expect((await stats(user)).scriptTokensLimit).toBe(200_000);
      expect(await stripe.deliver(created.payload)).toBe(200);
      expect(await stripe.deliver(firstPaid.payload)).toBe(200);

      // A failed renewal: past_due, the plan stays while Stripe retries.
      const failedAt = stripe.events.length;
      await stripe.actions.failPayment(subscriptionId);
      const failed = recorded('invoice.payment_failed', failedAt);
      const updatedPastDue = recorded('customer.subscription.updated', failedAt);
      expect(await stripe.deliver(failed.payload)).toBe(200);
      let now = await profile(user);
      expect(now).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'past_due' });
      // The creator is told by mail, once however often the event is delivered, and sent to Settings (the portal).
      expect(await stripe.deliver(failed.payload)).toBe(200);
      const mail = await latestMail(stack.url, `${user.username}@example.com`, /payment did not go through/);
      expect(mail.text).toContain('/settings');
      expect(mail.text).toContain('Pro plan');
      const mailbox = (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as { to: string; subject: string }[];
      expect(mailbox.filter((m) => m.to === `${user.username}@example.com`.toLowerCase() && /payment did not go through/.test(m.subject))).toHaveLength(1);

      // Cancelled at the period's end: still pro until then, with the end date.
      const cancelAt = stripe.events.length;
      await stripe.actions.cancelAtPeriodEnd(subscriptionId);
      expect(await stripe.deliver(recorded('customer.subscription.updated', cancelAt).payload)).toBe(200);
      now = await profile(user);
      expect(now.subscriptionTier).toBe('pro');
      expect(now.subscriptionEndDate).not.toBeNull();

      // The period ends: deleted → free, limits back to free.
      const endAt = stripe.events.length;
      await stripe.actions.endPeriod(subscriptionId);
      const deleted = recorded('customer.subscription.deleted', endAt);
      expect(await stripe.deliver(deleted.payload)).toBe(200);
      now = await profile(user);
      expect(now).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled' });
      expect(await stats(user)).toMatchObject({ tier: 'free', scriptTokensLimit: 5_000, videoMinutesLimit: 10, storageLimit: 500 });

      // Late and duplicate deliveries of older events cannot bring the plan back: each re-reads Stripe.
      for (const late of [updatedPastDue, created, completed, firstPaid, deleted]) expect(await stripe.deliver(late.payload)).toBe(200);
      expect(await stripe.deliver(JSON.stringify(stripe.event('checkout.session.completed', sessionId)))).toBe(200);
      expect((await profile(user)).subscriptionTier).toBe('free');
      // The portal is for paying users only now.
      expect((await user.client.post('/api/subscriptions/portal-session', { returnUrl: `${stack.url}/settings` })).status).toBe(404);
    } finally {
      stripe.setAutoDelivery(true);
    }
  });

  it('a downgrade waits for the period end; an upgrade applies now', async () => {
    const user = await signUpAndIn(stack, 'switch');
    const { subscriptionId } = await stripe.actions.pay(await checkout(user, 'basic'));
    await stripe.actions.switchPlan(subscriptionId, 'pro');
    expect((await profile(user)).subscriptionTier).toBe('pro');
    expect((await stats(user)).storageLimit).toBe(5_000);
    await stripe.actions.switchPlan(subscriptionId, 'basic');
    expect((await profile(user)).subscriptionTier).toBe('pro');
    await stripe.actions.endPeriod(subscriptionId);
    expect((await profile(user)).subscriptionTier).toBe('basic');
    expect((await stats(user)).storageLimit).toBe(500);
  });
});
