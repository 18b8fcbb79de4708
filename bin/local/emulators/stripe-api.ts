import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { CustomerActions } from './stripe-actions';
import {
  newId,
  now,
  parseStripeForm,
  prices,
  readBody,
  record,
  str,
  tierOfPrice,
  type CheckoutSession,
  type Customer,
  type PortalSession,
  type StripeRuntime,
} from './stripe-state';
import { customerJson, invoiceJson, sessionJson, subscriptionJson } from './stripe-wire';

export const apiError = (res: ServerResponse, status: number, message: string, code?: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }));
};
const json = (res: ServerResponse, body: unknown, status = 200) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(text);
  return text;
};

/**
 * The `/v1/…` routes Reelsmith calls (customers, checkout and portal sessions, subscriptions, invoices),
 * behind the secret key, with Stripe's idempotency keys replayed.
 */
export function apiRoutes(
  runtime: StripeRuntime,
  secretKey: string,
  actions: CustomerActions,
): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  const { state, emit, save } = runtime;
  const idempotent = new Map<string, { status: number; body: string }>();
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const base = runtime.base();
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
      if (!items.price || (items.price !== prices.basic && items.price !== prices.pro))
        return apiError(res, 400, `No such price: '${items.price ?? ''}'`, 'resource_missing');
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
      return answer(sessionJson(session, base));
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) {
      const session = state.sessions[match[1] ?? ''];
      return session ? void json(res, sessionJson(session, base)) : missing('checkout.session', match[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(params.customer);
      if (!customer || !state.customers[customer]) return apiError(res, 400, `No such customer: '${customer ?? ''}'`, 'resource_missing');
      const portal: PortalSession = { id: newId('bps'), customer, return_url: str(params.return_url) ?? base, created: now() };
      state.portals[portal.id] = portal;
      return answer({
        id: portal.id,
        object: 'billing_portal.session',
        customer,
        return_url: portal.return_url,
        url: `${base}/portal/${portal.id}`,
        created: portal.created,
        livemode: false,
      });
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
      return invoice ? void json(res, invoiceJson(invoice, state)) : missing('invoice', match[1] ?? '');
    }
    if (method === 'GET' && (match = /^\/v1\/customers\/([\w]+)$/.exec(path))) {
      const customer = state.customers[match[1] ?? ''];
      return customer ? void json(res, customerJson(customer)) : missing('customer', match[1] ?? '');
    }
    apiError(res, 404, `Unrecognized request URL (${method}: ${path}). This local emulator covers only the calls Reelsmith makes.`);
  };
}
