import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomerActions } from './stripe-actions';
import { day, dollars, escapeHtml, page } from './stripe-pages';
import { plans, tierOfPrice, type CheckoutSession, type PortalSession, type State, type StripeRuntime, type Tier } from './stripe-state';

/**
 * The hosted pages: a test checkout (Pay / Cancel) and a customer portal (switch plan, cancel at period
 * end, resume, a failed payment, and a test clock that ends the period). They run no script (forms and
 * redirects only), so they work under any CSP.
 */

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

function checkoutPage(state: State, session: CheckoutSession): string {
  const tier = tierOfPrice(session.price);
  const customer = session.customer ? state.customers[session.customer] : undefined;
  if (session.status !== 'open') {
    return page(
      'Checkout',
      `<div class="card"><h1>This checkout is ${session.status === 'complete' ? 'complete' : 'no longer open'}</h1><p class="muted">You can close this page.</p></div>`,
    );
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

function portalPage(state: State, portal: PortalSession, flash: string | null): string {
  const subscription = Object.values(state.subscriptions)
    .filter((s) => s.customer === portal.customer)
    .sort((a, b) => b.created - a.created)[0];
  const back = `<a class="link secondary" href="${escapeHtml(portal.return_url)}">Return to Reelsmith</a>`;
  const flashHtml = flash ? `<div class="flash">${escapeHtml(flash)}</div>` : '';
  if (!subscription || subscription.ended_at) {
    return page(
      'Customer portal',
      `${flashHtml}<div class="card"><h1>No active subscription</h1><p class="muted">Your plan has ended.</p><div class="actions">${back}</div></div>`,
    );
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
  const pending = subscription.pending_price
    ? `<dt>From ${day(subscription.period_end)}</dt><dd>${plans[tierOfPrice(subscription.pending_price)].name}</dd>`
    : '';
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

export function hostedRoutes({ state, emit }: StripeRuntime, actions: CustomerActions): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/([\w]+)(?:\/(pay|cancel))?$/.exec(path))) {
      const session = state.sessions[match[1] ?? ''];
      if (!session) return html(res, page('Not found', '<div class="card"><h1>Checkout not found</h1></div>'), 404);
      if (req.method === 'GET' && !match[2]) return html(res, checkoutPage(state, session));
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
      if (req.method === 'GET' && !match[2]) return html(res, portalPage(state, portal, url.searchParams.get('done')));
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
  };
}
