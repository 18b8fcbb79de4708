import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Stripe from 'stripe';
import { day, dollars, escapeHtml, page } from './stripe-pages';
import {
  newId,
  now,
  parseStripeForm,
  periodSeconds,
  plans,
  readBody,
  record,
  str,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type PortalSession,
  type State,
  type Subscription,
  type Tier,
} from './stripe-state';

/**
 * A local Stripe (issue 14; DESIGN section 1, billing row): a stateful emulator of the part of Stripe's
 * API Reelsmith calls, in Stripe's wire format, for the real `stripe` SDK pointed at it with
 * host/port/protocol. It serves the hosted pages too: a test checkout (Pay / Cancel) and a customer
 * portal (switch plan, cancel at period end, resume, a failed payment, and a test clock that ends the
 * period), each sending the events Stripe would send, signed with the webhook secret by the SDK's own
 * `generateTestHeaderString`, to the app's webhook, then redirecting to the success, cancel or return URL.
 * `npm start` runs it when no STRIPE_SECRET_KEY is set; the integration and browser tests use the same
 * emulator as their wire-level fake (test/fakes/stripe.ts).
 *
 * The pages run no script (forms and redirects only), so they work under any CSP.
 */

export interface StripeEmulatorOptions {
  /** Where events are delivered (the app's POST /api/stripe/webhook). */
  webhookUrl: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Keeps customers, sessions, subscriptions and invoices across restarts (npm start). */
  stateFile?: string;
  /** Delivers no events by itself (tests that send them by hand); `setAutoDelivery` changes it later. */
  manualDelivery?: boolean;
}

export interface StripeEmulator {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  prices: { basic: string; pro: string };
  /** Every event made, in order, with its signed delivery and the app's answer. */
  events: DeliveredEvent[];
  /** Builds an event of `type` about the stored object `objectId` (a snapshot of it now); does not send it. */
  event(type: string, objectId: string): StripeEventBody;
  /** Signs and posts an event body (or any payload) to the webhook; answers the app's status. */
  deliver(payload: string, signature?: string): Promise<number>;
  sign(payload: string, timestamp?: number): string;
  /** Whether events are posted as they happen (default) or only recorded, for a test to deliver in its own order. */
  setAutoDelivery(on: boolean): void;
  /** What a customer does on the hosted pages, without a browser. */
  actions: {
    pay(sessionId: string): Promise<{ subscriptionId: string; invoiceId: string; redirect: string }>;
    switchPlan(subscriptionId: string, tier: 'basic' | 'pro'): Promise<void>;
    cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
    resume(subscriptionId: string): Promise<void>;
    failPayment(subscriptionId: string): Promise<string>;
    endPeriod(subscriptionId: string): Promise<void>;
  };
  close(): Promise<void>;
}

export interface DeliveredEvent {
  id: string;
  type: string;
  payload: string;
  status?: number;
}

export interface StripeEventBody {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

export { parseStripeForm };

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const secretKey = options.secretKey ?? 'sk_test_reelsmith_local';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const prices = { basic: 'price_reelsmith_basic', pro: 'price_reelsmith_pro' };
  const tierOfPrice = (price: string): Tier => (price === prices.pro ? 'pro' : 'basic');
  let state: State = { customers: {}, sessions: {}, subscriptions: {}, invoices: {}, portals: {} };
  if (options.stateFile) {
    try {
      state = { ...state, ...(JSON.parse(readFileSync(options.stateFile, 'utf8')) as Partial<State>) };
    } catch {
      // No saved state yet.
    }
  }
  const save = () => {
    // Whole or not at all (a kill mid-write must not leave half a file, issue 23).
    if (options.stateFile) {
      writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
      renameSync(`${options.stateFile}.tmp`, options.stateFile);
    }
  };
  const idempotent = new Map<string, { status: number; body: string }>();
  const events: DeliveredEvent[] = [];
  let base = '';
  let autoDelivery = !options.manualDelivery;

  // The objects as Stripe's API answers them.
  const customerJson = (c: Customer) => ({ id: c.id, object: 'customer', email: c.email, metadata: c.metadata, created: c.created, livemode: false });
  const priceJson = (price: string) => {
    const tier = tierOfPrice(price);
    return { id: price, object: 'price', active: true, currency: 'usd', unit_amount: plans[tier].amount, recurring: { interval: 'month', interval_count: 1 }, product: `prod_reelsmith_${tier}`, type: 'recurring', livemode: false };
  };
  const subscriptionJson = (s: Subscription) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    start_date: s.start_date,
    created: s.created,
    cancel_at_period_end: s.cancel_at_period_end,
    cancel_at: s.cancel_at_period_end ? s.period_end : null,
    canceled_at: s.canceled_at,
    ended_at: s.ended_at,
    metadata: s.metadata,
    latest_invoice: s.latest_invoice,
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${s.id}`,
      data: [{ id: `si_${s.id.slice(4)}`, object: 'subscription_item', subscription: s.id, quantity: 1, price: priceJson(s.price), current_period_start: s.period_start, current_period_end: s.period_end }],
    },
  });
  const invoiceJson = (i: Invoice) => ({
    id: i.id,
    object: 'invoice',
    customer: i.customer,
    status: i.status,
    billing_reason: i.billing_reason,
    currency: 'usd',
    amount_due: i.amount,
    amount_paid: i.status === 'paid' ? i.amount : 0,
    period_start: i.period_start,
    period_end: i.period_end,
    created: i.created,
    livemode: false,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: i.subscription, metadata: state.subscriptions[i.subscription]?.metadata ?? {} } },
  });
  const sessionJson = (s: CheckoutSession) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: s.customer,
    client_reference_id: s.client_reference_id,
    metadata: s.metadata,
    status: s.status,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    subscription: s.subscription,
    success_url: s.success_url,
    cancel_url: s.cancel_url,
    url: s.status === 'open' ? `${base}/checkout/${s.id}` : null,
    created: s.created,
    livemode: false,
  });
  const objectJson = (id: string): Record<string, unknown> | undefined => {
    if (state.subscriptions[id]) return subscriptionJson(state.subscriptions[id]);
    if (state.invoices[id]) return invoiceJson(state.invoices[id]);
    if (state.sessions[id]) return sessionJson(state.sessions[id]);
    if (state.customers[id]) return customerJson(state.customers[id]);
    return undefined;
  };

  const sign = (payload: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, ...(timestamp ? { timestamp } : {}) });
  const makeEvent = (type: string, objectId: string): StripeEventBody => {
    const object = objectJson(objectId);
    if (!object) throw new Error(`No object ${objectId}`);
    return { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
  };
  const deliver = async (payload: string, signature = sign(payload)): Promise<number> => {
    try {
      const response = await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };
  /** Makes the events and delivers them one after another (what Stripe would send for one action). */
  const emit = async (...list: [type: string, objectId: string][]) => {
    save();
    for (const [type, objectId] of list) {
      const body = makeEvent(type, objectId);
      const payload = JSON.stringify(body);
      const entry: DeliveredEvent = { id: body.id, type, payload };
      events.push(entry);
      if (autoDelivery) entry.status = await deliver(payload);
    }
  };

  const newInvoice = (s: Subscription, reason: string, paid: boolean): Invoice => {
    const invoice: Invoice = {
      id: newId('in'),
      customer: s.customer,
      subscription: s.id,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount: plans[tierOfPrice(s.price)].amount,
      period_start: s.period_start,
      period_end: s.period_end,
      created: now(),
    };
    state.invoices[invoice.id] = invoice;
    s.latest_invoice = invoice.id;
    return invoice;
  };

  const actions: StripeEmulator['actions'] = {
    async pay(sessionId) {
      const session = state.sessions[sessionId];
      if (!session || session.status !== 'open' || !session.customer) throw new Error('This checkout session is not open');
      const at = now();
      const subscription: Subscription = {
        id: newId('sub'),
        customer: session.customer,
        status: 'active',
        price: session.price,
        pending_price: null,
        start_date: at,
        period_start: at,
        period_end: at + periodSeconds,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        metadata: session.subscription_metadata,
        latest_invoice: null,
        created: at,
      };
      state.subscriptions[subscription.id] = subscription;
      const invoice = newInvoice(subscription, 'subscription_create', true);
      session.status = 'complete';
      session.subscription = subscription.id;
      await emit(['customer.subscription.created', subscription.id], ['invoice.paid', invoice.id], ['checkout.session.completed', session.id]);
      return { subscriptionId: subscription.id, invoiceId: invoice.id, redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
    },
    async switchPlan(subscriptionId, tier) {
      const s = state.subscriptions[subscriptionId];
      if (!s || s.ended_at) throw new Error('No such subscription');
      const price = prices[tier];
      if (plans[tier].amount > plans[tierOfPrice(s.price)].amount) {
        // An upgrade starts now, with a new period and its invoice.
        const at = now();
        Object.assign(s, { price, pending_price: null, period_start: at, period_end: at + periodSeconds });
        const invoice = newInvoice(s, 'subscription_update', true);
        await emit(['customer.subscription.updated', s.id], ['invoice.paid', invoice.id]);
      } else {
        // A downgrade waits for the period's end.
        s.pending_price = price === s.price ? null : price;
        await emit(['customer.subscription.updated', s.id]);
      }
    },
    async cancelAtPeriodEnd(subscriptionId) {
      const s = state.subscriptions[subscriptionId];
      if (!s || s.ended_at) throw new Error('No such subscription');
      Object.assign(s, { cancel_at_period_end: true, canceled_at: now() });
      await emit(['customer.subscription.updated', s.id]);
    },
    async resume(subscriptionId) {
      const s = state.subscriptions[subscriptionId];
      if (!s || s.ended_at) throw new Error('No such subscription');
      Object.assign(s, { cancel_at_period_end: false, canceled_at: null, pending_price: null });
      await emit(['customer.subscription.updated', s.id]);
    },
    async failPayment(subscriptionId) {
      const s = state.subscriptions[subscriptionId];
      if (!s || s.ended_at) throw new Error('No such subscription');
      s.status = 'past_due';
      const invoice = newInvoice(s, 'subscription_cycle', false);
      await emit(['invoice.payment_failed', invoice.id], ['customer.subscription.updated', s.id]);
      return invoice.id;
    },
    async endPeriod(subscriptionId) {
      const s = state.subscriptions[subscriptionId];
      if (!s || s.ended_at) throw new Error('No such subscription');
      const at = now();
      if (s.cancel_at_period_end) {
        Object.assign(s, { status: 'canceled', ended_at: at });
        await emit(['customer.subscription.deleted', s.id]);
        return;
      }
      Object.assign(s, { price: s.pending_price ?? s.price, pending_price: null, status: 'active', period_start: at, period_end: at + periodSeconds });
      const invoice = newInvoice(s, 'subscription_cycle', true);
      await emit(['customer.subscription.updated', s.id], ['invoice.paid', invoice.id]);
    },
  };

  const apiError = (res: ServerResponse, status: number, message: string, code?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }));
  };
  const json = (res: ServerResponse, body: unknown, status = 200) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(text);
    return text;
  };
  const html = (res: ServerResponse, body: string, status = 200) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return apiError(res, 401, 'Invalid API Key provided');
    const method = req.method ?? 'GET';
    const raw = method === 'POST' ? await readBody(req) : '';
    const key = method === 'POST' ? str(req.headers['idempotency-key']) : null;
    const cached = key ? idempotent.get(`${path} ${key}`) : undefined;
    if (cached) {
      res.writeHead(cached.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(cached.body);
      return;
    }
    const params = parseStripeForm(raw);
    const answer = (body: unknown) => {
      const text = json(res, body);
      if (key) idempotent.set(`${path} ${key}`, { status: 200, body: text });
      save();
    };
    const missing = (what: string, id: string) => apiError(res, 404, `No such ${what}: '${id}'`, 'resource_missing');
    let match: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const customer: Customer = { id: newId('cus'), email: str(params.email), metadata: record(params.metadata), created: now() };
      state.customers[customer.id] = customer;
      return answer(customerJson(customer));
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = record((params.line_items as Record<string, unknown> | undefined)?.['0']);
      const customer = str(params.customer);
      if (params.mode !== 'subscription') return apiError(res, 400, 'Only mode=subscription is emulated', 'parameter_invalid');
      if (!items.price || (items.price !== prices.basic && items.price !== prices.pro)) return apiError(res, 400, `No such price: '${items.price ?? ''}'`, 'resource_missing');
      if (!customer || !state.customers[customer]) return apiError(res, 400, `No such customer: '${customer ?? ''}'`, 'resource_missing');
      const success = str(params.success_url);
      const cancel = str(params.cancel_url);
      if (!success || !cancel) return apiError(res, 400, 'Missing required param: success_url or cancel_url.', 'parameter_missing');
      const session: CheckoutSession = {
        id: `cs_test_${randomBytes(16).toString('hex')}`,
        customer,
        client_reference_id: str(params.client_reference_id),
        metadata: record(params.metadata),
        price: items.price,
        success_url: success,
        cancel_url: cancel,
        status: 'open',
        subscription: null,
        subscription_metadata: record((params.subscription_data as Record<string, unknown> | undefined)?.metadata),
        created: now(),
      };
      state.sessions[session.id] = session;
      return answer(sessionJson(session));
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) {
      const session = state.sessions[match[1] ?? ''];
      return session ? void json(res, sessionJson(session)) : missing('checkout.session', match[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(params.customer);
      if (!customer || !state.customers[customer]) return apiError(res, 400, `No such customer: '${customer ?? ''}'`, 'resource_missing');
      const portal: PortalSession = { id: newId('bps'), customer, return_url: str(params.return_url) ?? base, created: now() };
      state.portals[portal.id] = portal;
      return answer({ id: portal.id, object: 'billing_portal.session', customer, return_url: portal.return_url, url: `${base}/portal/${portal.id}`, created: portal.created, livemode: false });
    }
    if ((match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const s = state.subscriptions[match[1] ?? ''];
      if (!s) return missing('subscription', match[1] ?? '');
      if (method === 'GET') return void json(res, subscriptionJson(s));
      if (method === 'POST') {
        if (params.cancel_at_period_end === 'true') await actions.cancelAtPeriodEnd(s.id);
        else if (params.cancel_at_period_end === 'false') await actions.resume(s.id);
        const price = str(record((params.items as Record<string, unknown> | undefined)?.['0']).price);
        if (price === prices.basic || price === prices.pro) await actions.switchPlan(s.id, tierOfPrice(price));
        return answer(subscriptionJson(s));
      }
      if (method === 'DELETE') {
        Object.assign(s, { status: 'canceled', ended_at: now(), canceled_at: now() });
        await emit(['customer.subscription.deleted', s.id]);
        return answer(subscriptionJson(s));
      }
    }
    if (method === 'GET' && (match = /^\/v1\/invoices\/([\w]+)$/.exec(path))) {
      const invoice = state.invoices[match[1] ?? ''];
      return invoice ? void json(res, invoiceJson(invoice)) : missing('invoice', match[1] ?? '');
    }
    if (method === 'GET' && (match = /^\/v1\/customers\/([\w]+)$/.exec(path))) {
      const customer = state.customers[match[1] ?? ''];
      return customer ? void json(res, customerJson(customer)) : missing('customer', match[1] ?? '');
    }
    apiError(res, 404, `Unrecognized request URL (${method}: ${path}). This local emulator covers only the calls Reelsmith makes.`);
  }

  function checkoutPage(session: CheckoutSession): string {
    const tier = tierOfPrice(session.price);
    const customer = session.customer ? state.customers[session.customer] : undefined;
    if (session.status !== 'open') {
      return page('Checkout', `<div class="card"><h1>This checkout is ${session.status === 'complete' ? 'complete' : 'no longer open'}</h1><p class="muted">You can close this page.</p></div>`);
    }
    return page(
      'Checkout',
      `<div class="card">
  <p class="muted">Subscribe to</p>
  <h1>Reelsmith ${plans[tier].name}</h1>
  <div class="price">${dollars(plans[tier].amount)} <span>per month</span></div>
  <dl><dt>Email</dt><dd>${escapeHtml(customer?.email ?? '—')}</dd><dt>Billed</dt><dd>Monthly, starting today</dd><dt>Card</dt><dd>4242 4242 4242 4242 (test)</dd></dl>
  <div class="note">Test mode: paying here creates the subscription and sends Stripe's events to Reelsmith, signed like Stripe signs them.</div>
  <div class="actions">
    <form method="post" action="/checkout/${session.id}/pay"><button class="primary" type="submit">Pay ${dollars(plans[tier].amount)} and subscribe</button></form>
    <form method="post" action="/checkout/${session.id}/cancel"><button class="secondary" type="submit">Cancel and go back</button></form>
  </div>
</div>`,
    );
  }

  function portalPage(portal: PortalSession, flash: string | null): string {
    const subscription = Object.values(state.subscriptions)
      .filter((s) => s.customer === portal.customer)
      .sort((a, b) => b.created - a.created)[0];
    const back = `<a class="link secondary" href="${escapeHtml(portal.return_url)}">Return to Reelsmith</a>`;
    const flashHtml = flash ? `<div class="flash">${escapeHtml(flash)}</div>` : '';
    if (!subscription || subscription.ended_at) {
      return page('Customer portal', `${flashHtml}<div class="card"><h1>No active subscription</h1><p class="muted">Your plan has ended.</p><div class="actions">${back}</div></div>`);
    }
    const tier = tierOfPrice(subscription.price);
    const other: Tier = tier === 'basic' ? 'pro' : 'basic';
    const form = (action: string, label: string, kind: string) =>
      `<form method="post" action="/portal/${portal.id}/${action}"><button class="${kind}" type="submit">${label}</button></form>`;
    const badge =
      subscription.status === 'past_due'
        ? '<span class="badge warn">Payment failed</span>'
        : subscription.cancel_at_period_end
          ? `<span class="badge off">Cancels ${day(subscription.period_end)}</span>`
          : '<span class="badge">Active</span>';
    const pending = subscription.pending_price ? `<dt>From ${day(subscription.period_end)}</dt><dd>${plans[tierOfPrice(subscription.pending_price)].name}</dd>` : '';
    return page(
      'Customer portal',
      `${flashHtml}<div class="card">
  <p class="muted">Current plan</p>
  <h1>Reelsmith ${plans[tier].name} ${badge}</h1>
  <div class="price">${dollars(plans[tier].amount)} <span>per month</span></div>
  <dl><dt>Current period</dt><dd>${day(subscription.period_start)} – ${day(subscription.period_end)}</dd>${pending}</dl>
  <div class="actions">
    ${subscription.status === 'past_due' ? form('pay-invoice', 'Update card and pay now', 'primary') : ''}
    ${form(`switch-${other}`, other === 'pro' ? `Upgrade to Pro (${dollars(plans.pro.amount)}/month, starts now)` : `Switch to Basic (${dollars(plans.basic.amount)}/month, at period end)`, other === 'pro' ? 'primary' : 'secondary')}
    ${subscription.cancel_at_period_end ? form('resume', 'Keep my subscription', 'secondary') : form('cancel', 'Cancel subscription', 'danger')}
    ${back}
  </div>
  <h2>Test clock</h2>
  <div class="actions">
    ${form('end-period', 'Advance to the end of this period', 'secondary')}
    ${subscription.status === 'past_due' ? '' : form('fail-payment', 'Simulate a failed renewal payment', 'secondary')}
  </div>
</div>`,
    );
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/([\w]+)(?:\/(pay|cancel))?$/.exec(path))) {
      const session = state.sessions[match[1] ?? ''];
      if (!session) return html(res, page('Not found', '<div class="card"><h1>Checkout not found</h1></div>'), 404);
      if (req.method === 'GET' && !match[2]) return html(res, checkoutPage(session));
      if (req.method === 'POST' && match[2] === 'cancel') return redirect(res, session.cancel_url);
      if (req.method === 'POST' && match[2] === 'pay') {
        if (session.status !== 'open') return redirect(res, `/checkout/${session.id}`);
        const paid = await actions.pay(session.id);
        return redirect(res, paid.redirect);
      }
    }
    if ((match = /^\/portal\/([\w]+)(?:\/([\w-]+))?$/.exec(path))) {
      const portal = state.portals[match[1] ?? ''];
      if (!portal) return html(res, page('Not found', '<div class="card"><h1>Portal session not found</h1></div>'), 404);
      if (req.method === 'GET' && !match[2]) return html(res, portalPage(portal, url.searchParams.get('done')));
      const subscription = Object.values(state.subscriptions)
        .filter((s) => s.customer === portal.customer && !s.ended_at)
        .sort((a, b) => b.created - a.created)[0];
      if (req.method === 'POST' && subscription) {
        const done = (message: string) => redirect(res, `/portal/${portal.id}?done=${encodeURIComponent(message)}`);
        switch (match[2]) {
          case 'switch-pro':
            await actions.switchPlan(subscription.id, 'pro');
            return done('You are now on Pro.');
          case 'switch-basic':
            await actions.switchPlan(subscription.id, 'basic');
            return done(`Your plan changes to Basic on ${day(subscription.period_end)}.`);
          case 'cancel':
            await actions.cancelAtPeriodEnd(subscription.id);
            return done(`Your subscription is cancelled. It ends on ${day(subscription.period_end)}.`);
          case 'resume':
            await actions.resume(subscription.id);
            return done('Your subscription continues.');
          case 'fail-payment':
            await actions.failPayment(subscription.id);
            return done('The renewal payment failed.');
          case 'pay-invoice': {
            Object.assign(subscription, { status: 'active' });
            const invoice = subscription.latest_invoice ? state.invoices[subscription.latest_invoice] : undefined;
            if (invoice) invoice.status = 'paid';
            await emit(['customer.subscription.updated', subscription.id], ...(invoice ? ([['invoice.paid', invoice.id]] as [string, string][]) : []));
            return done('Payment received. Thank you.');
          }
          case 'end-period':
            await actions.endPeriod(subscription.id);
            return done('The period ended.');
        }
      }
      if (req.method === 'POST') return redirect(res, `/portal/${portal.id}`);
    }
    html(res, page('Not found', '<div class="card"><h1>Not found</h1></div>'), 404);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base || 'http://127.0.0.1');
    const run = url.pathname.startsWith('/v1/') ? api(req, res, url.pathname) : hosted(req, res, url);
    run.catch((error: unknown) => {
      if (!res.headersSent) apiError(res, 500, error instanceof Error ? error.message : 'emulator error');
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    secretKey,
    webhookSecret,
    prices,
    events,
    event: makeEvent,
    deliver,
    sign,
    setAutoDelivery: (on) => {
      autoDelivery = on;
    },
    actions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
