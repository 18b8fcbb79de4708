import { newId, now, periodSeconds, plans, prices, tierOfPrice, type Invoice, type StripeRuntime, type Subscription } from './stripe-state';

/** What a customer does on the hosted pages (and the API's subscription updates), each sending Stripe's events. */
export interface CustomerActions {
  pay(sessionId: string): Promise<{ subscriptionId: string; invoiceId: string; redirect: string }>;
  switchPlan(subscriptionId: string, tier: 'basic' | 'pro'): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  resume(subscriptionId: string): Promise<void>;
  failPayment(subscriptionId: string): Promise<string>;
  endPeriod(subscriptionId: string): Promise<void>;
}

export function customerActions({ state, emit }: StripeRuntime): CustomerActions {
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

  return {
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
}
