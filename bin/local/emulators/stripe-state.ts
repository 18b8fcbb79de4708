import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * The local Stripe's stored objects (in the shape it keeps them, not as the API answers them) and the
 * wire helpers its routes share: ids, timestamps, Stripe's form encoding, a bounded request body.
 */

export type Tier = 'basic' | 'pro';
export const plans: Record<Tier, { name: string; amount: number }> = { basic: { name: 'Basic', amount: 2000 }, pro: { name: 'Pro', amount: 9700 } };
export const periodSeconds = 30 * 24 * 60 * 60;
/** The two prices the emulator sells, one per tier. */
export const prices: Record<Tier, string> = { basic: 'price_reelsmith_basic', pro: 'price_reelsmith_pro' };
export const tierOfPrice = (price: string): Tier => (price === prices.pro ? 'pro' : 'basic');

export interface Customer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}
export interface CheckoutSession {
  id: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  price: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  subscription_metadata: Record<string, string>;
  created: number;
}
export interface Subscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  /** A downgrade waiting for the period's end (what the portal schedules). */
  pending_price: string | null;
  start_date: number;
  period_start: number;
  period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  created: number;
}
export interface Invoice {
  id: string;
  customer: string;
  subscription: string;
  status: 'open' | 'paid';
  billing_reason: string;
  amount: number;
  period_start: number;
  period_end: number;
  created: number;
}
export interface PortalSession {
  id: string;
  customer: string;
  return_url: string;
  created: number;
}
export interface State {
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  portals: Record<string, PortalSession>;
}

/** What the routes and the customer's actions share in one running emulator. */
export interface StripeRuntime {
  readonly state: State;
  /** http://127.0.0.1:<port>, once the server listens. */
  base(): string;
  /** Saves the state, then makes the events and delivers them one after another (what Stripe sends for one action). */
  emit(...list: [type: string, objectId: string][]): Promise<void>;
  save(): void;
}

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects; arrays stay objects keyed by index. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
      }
    });
  }
  return root;
}

export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
export const record = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
