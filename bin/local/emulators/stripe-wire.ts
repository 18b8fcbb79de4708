import { plans, tierOfPrice, type CheckoutSession, type Customer, type Invoice, type State, type Subscription } from './stripe-state';

/** The local Stripe's stored objects as Stripe's API answers them (and as its events carry them). */
export const customerJson = (c: Customer) => ({ id: c.id, object: 'customer', email: c.email, metadata: c.metadata, created: c.created, livemode: false });
export const priceJson = (price: string) => {
  const tier = tierOfPrice(price);
  return {
    id: price,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: plans[tier].amount,
    recurring: { interval: 'month', interval_count: 1 },
    product: `prod_reelsmith_${tier}`,
    type: 'recurring',
    livemode: false,
  };
};
export const subscriptionJson = (s: Subscription) => ({
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
    data: [
      {
        id: `si_${s.id.slice(4)}`,
        object: 'subscription_item',
        subscription: s.id,
        quantity: 1,
        price: priceJson(s.price),
        current_period_start: s.period_start,
        current_period_end: s.period_end,
      },
    ],
  },
});
export const invoiceJson = (i: Invoice, state: State) => ({
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
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: i.subscription, metadata: state.subscriptions[i.subscription]?.metadata ?? {} },
  },
});
export const sessionJson = (s: CheckoutSession, base: string) => ({
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
export const objectJson = (state: State, base: string, id: string): Record<string, unknown> | undefined => {
  if (state.subscriptions[id]) return subscriptionJson(state.subscriptions[id]);
  if (state.invoices[id]) return invoiceJson(state.invoices[id], state);
  if (state.sessions[id]) return sessionJson(state.sessions[id], base);
  if (state.customers[id]) return customerJson(state.customers[id]);
  return undefined;
};
