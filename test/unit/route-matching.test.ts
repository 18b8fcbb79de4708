import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../bin/local/api-gateway-event';
import { routes, routeKey, findRouteByKey, requiresCsrf } from '../../functions/platform/routes';

describe('the route table', () => {
  it('has no duplicate method and path', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps every path under /api/', () => {
    for (const route of routes) expect(route.path.startsWith('/api/')).toBe(true);
  });

  it('requires CSRF on every non-GET route but the Stripe webhook (signed by Stripe, sent without a session)', () => {
    for (const route of routes)
      expect(requiresCsrf(route), `${route.method} ${route.path}`).toBe(route.method !== 'GET' && route.path !== '/api/stripe/webhook');
    expect(routes.filter((route) => route.csrf === false).map((route) => route.path)).toEqual(['/api/stripe/webhook']);
  });

  it('finds routes by their API Gateway route key', () => {
    expect(findRouteByKey('GET /api/user')?.area).toBe('auth');
    expect(findRouteByKey('GET /api/none')).toBeUndefined();
  });
});

describe('local route matching', () => {
  it('matches a literal path and method', () => {
    expect(matchRoute('GET', '/api/health')).toMatchObject({ kind: 'found', route: { path: '/api/health' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('PUT', '/api/health')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
    expect(matchRoute('GET', '/api/healthz')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api/health/')).toEqual({ kind: 'not-found' });
  });
});
