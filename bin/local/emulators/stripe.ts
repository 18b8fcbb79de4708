import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Stripe from 'stripe';
import { apiError, apiRoutes } from './stripe-api';
import { customerActions, type CustomerActions } from './stripe-actions';
import { hostedRoutes } from './stripe-hosted';
import { newId, now, parseStripeForm, prices, type State, type StripeRuntime } from './stripe-state';
import { objectJson } from './stripe-wire';

/**
 * A local Stripe, so billing runs whole without an account at Stripe: a stateful emulator of the part of
 * Stripe's API Reelsmith calls (stripe-api.ts), in Stripe's wire format, for the real `stripe` SDK pointed at it with
 * host/port/protocol. It serves the hosted pages too (stripe-hosted.ts): a test checkout (Pay / Cancel) and a customer
 * portal (switch plan, cancel at period end, resume, a failed payment, and a test clock that ends the
 * period), each sending the events Stripe would send, signed with the webhook secret by the SDK's own
 * `generateTestHeaderString`, to the app's webhook, then redirecting to the success, cancel or return URL.
 * `npm start` runs it when no STRIPE_SECRET_KEY is set; the integration and browser tests use the same
 * emulator as their wire-level fake (test/fakes/stripe.ts).
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
  actions: CustomerActions;
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
  let state: State = { customers: {}, sessions: {}, subscriptions: {}, invoices: {}, portals: {} };
  if (options.stateFile) {
    try {
      state = { ...state, ...(JSON.parse(readFileSync(options.stateFile, 'utf8')) as Partial<State>) };
    } catch {
      // No saved state yet.
    }
  }
  const save = () => {
    // Whole or not at all (a kill mid-write must not leave half a file).
    if (options.stateFile) {
      writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
      renameSync(`${options.stateFile}.tmp`, options.stateFile);
    }
  };
  const events: DeliveredEvent[] = [];
  let base = '';
  let autoDelivery = !options.manualDelivery;

  const sign = (payload: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, ...(timestamp ? { timestamp } : {}) });
  const makeEvent = (type: string, objectId: string): StripeEventBody => {
    const object = objectJson(state, base, objectId);
    if (!object) throw new Error(`No object ${objectId}`);
    return {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  };
  const deliver = async (payload: string, signature = sign(payload)): Promise<number> => {
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
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
  const runtime: StripeRuntime = { state, base: () => base, emit, save };
  const actions = customerActions(runtime);
  const api = apiRoutes(runtime, secretKey, actions);
  const hosted = hostedRoutes(runtime, actions);

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
