import { describe, expect, it } from 'vitest';
import { areaAccess, routes } from '../../functions/platform/routes.js';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

/** Billing's Lambda: the Stripe parameters it may read, and the webhook route's policy. */
const { template } = synthStack();

function billingFunction(): [string, { Properties?: Record<string, unknown> }] {
  const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === 'Reelsmith HTTP API: billing');
  if (!found) throw new Error('no billing function');
  return found;
}

function statementsOf(functionId: string): { Action: string | string[]; Resource: unknown }[] {
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionId];
  const role = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return entriesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(role))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
}

describe('billing', () => {
  it('reads exactly the four Stripe parameters, by name, and no other secret', () => {
    const [id, fn] = billingFunction();
    const ssm = statementsOf(id).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ssm:')));
    const resources = JSON.stringify(ssm.map((statement) => statement.Resource));
    for (const name of ['stripe-secret-key', 'stripe-webhook-secret', 'stripe-price-basic', 'stripe-price-pro']) expect(resources).toContain(`/${name}`);
    expect(resources).not.toContain('openai');
    expect(resources).not.toContain('elevenlabs');
    expect(resources).not.toMatch(/parameter\/\*|stripe-\*/);
    expect(ssm.flatMap((statement) => [statement.Action].flat()).every((action) => action === 'ssm:GetParameter')).toBe(true);
    const environment = JSON.stringify((fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {});
    for (const name of ['STRIPE_SECRET_KEY_PARAMETER', 'STRIPE_WEBHOOK_SECRET_PARAMETER', 'STRIPE_PRICE_BASIC_PARAMETER', 'STRIPE_PRICE_PRO_PARAMETER'])
      expect(environment).toContain(name);
    // Secrets are read at run time: no value of one is in the template.
    expect(environment).not.toMatch(/sk_(test|live)_|whsec_/);
  });

  it('no other function may read the Stripe parameters (the account area reads the key and prices, never the webhook secret)', () => {
    const [billingId] = billingFunction();
    const account = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === 'Reelsmith HTTP API: account');
    if (!account) throw new Error('no account function');
    expect(JSON.stringify(statementsOf(account[0]))).toContain('stripe-secret-key');
    expect(JSON.stringify(statementsOf(account[0]))).not.toContain('stripe-webhook-secret');
    for (const [id] of entriesOf(template, 'AWS::Lambda::Function')) {
      if (id === billingId || id === account[0]) continue;
      const fn = resourcesOf(template, 'AWS::Lambda::Function')[id];
      if (!fn?.Properties?.Role) continue;
      expect(JSON.stringify(statementsOf(id))).not.toContain('stripe-');
    }
  });

  it('declares table, pushes and both Stripe secrets; the webhook route has no session and no CSRF', () => {
    expect(areaAccess.billing).toMatchObject({ table: 'read-write', realtime: true, secrets: ['stripe', 'stripe-webhook'] });
    const webhook = routes.find((route) => route.path === '/api/stripe/webhook');
    expect(webhook).toMatchObject({ method: 'POST', area: 'billing', auth: 'none', csrf: false, rawBody: true });
    const apiRoute = entriesOf(template, 'AWS::ApiGatewayV2::Route').find(([, route]) => route.Properties?.RouteKey === 'POST /api/stripe/webhook');
    expect(apiRoute).toBeDefined();
    expect(apiRoute?.[1].Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(apiRoute?.[1].Properties?.AuthorizerId).toBeUndefined();
    for (const path of ['/api/subscriptions/create-session', '/api/subscriptions/portal-session', '/api/subscriptions/update-after-checkout']) {
      expect(routes.find((route) => route.path === path)).toMatchObject({ area: 'billing', auth: 'session' });
    }
  });
});
