import { describe, expect, it } from 'vitest';
import { apiCallsPerMinute, apiBurstAllowance, apiKeyPattern } from '../../functions/contract/rules/api-keys';
import { bearerTokenOf, hashKeySecret, newApiKey, parseApiKey, secretMatches } from '../../functions/core/api-keys/api-key';
import { BearerAuthenticator } from '../../functions/core/api-keys/bearer-auth';
import { NotAuthenticatedError } from '../../functions/core/errors';
import type { ApiKeyLookup, ApiKeyStore } from '../../functions/core/ports/api-keys';
import { apiKeyAccessOf, routeKey, routes } from '../../functions/platform/routes';

/** What an API key may call, as derived from the route table (the list the OpenAPI document and /mcp read too). */
describe('API key access from the route table', () => {
  const access = Object.fromEntries(routes.map((route) => [routeKey(route), apiKeyAccessOf(route)]));

  it('refuses keys on the key routes, sign-out, export, closing, billing, account connections and every route that is not signed-in', () => {
    const never = Object.keys(access).filter((key) => access[key] === 'never');
    for (const key of [
      'GET /api/api-keys',
      'POST /api/api-keys',
      'DELETE /api/api-keys/{id}',
      'POST /api/logout',
      'POST /api/login',
      'POST /api/register',
      'POST /api/reset-password',
      'POST /api/reset-password-with-code',
      'POST /api/account/export',
      'POST /api/account/delete',
      'POST /api/subscriptions/create-session',
      'POST /api/subscriptions/portal-session',
      'POST /api/subscriptions/update-after-checkout',
      'POST /api/publishing/accounts/{platform}/connect',
      'DELETE /api/publishing/accounts/{id}',
      'GET /api/publishing/oauth/{platform}/callback',
      'GET /api/ws-ticket',
    ]) {
      expect(never, key).toContain(key);
    }
    for (const route of routes) if (route.auth !== 'session') expect(access[routeKey(route)], routeKey(route)).toBe('never');
  });

  it('asks read of a GET, write of other methods, and publish of posting and cancelling posts', () => {
    expect(access['GET /api/scripts']).toBe('read');
    expect(access['GET /api/publications']).toBe('read');
    expect(access['POST /api/scripts']).toBe('write');
    expect(access['PATCH /api/user']).toBe('write');
    expect(access['POST /api/scripts/{id}/generate-video']).toBe('write');
    expect(access['DELETE /api/media/{id}']).toBe('write');
    expect(access['POST /api/scripts/{id}/publish']).toBe('publish');
    expect(access['POST /api/scripts/{id}/publish/check']).toBe('publish');
    expect(access['DELETE /api/publications/{id}']).toBe('publish');
    const publish = Object.keys(access).filter((key) => access[key] === 'publish');
    expect(publish.sort()).toEqual(['DELETE /api/publications/{id}', 'POST /api/scripts/{id}/publish', 'POST /api/scripts/{id}/publish/check']);
  });
});

describe('the key', () => {
  it('is rsk_<16 base32>_<43 base64url>, parsed back to its id, and only its secret’s SHA-256 matches', () => {
    const made = newApiKey();
    expect(made.key).toMatch(apiKeyPattern);
    expect(made.prefix).toBe(made.key.slice(0, 8));
    const parsed = parseApiKey(made.key);
    expect(parsed?.id).toBe(made.id);
    expect(secretMatches(parsed?.secret ?? '', made.secretHash)).toBe(true);
    expect(secretMatches(`${parsed?.secret.slice(0, -1) ?? ''}x`, made.secretHash)).toBe(false);
    expect(made.secretHash).toBe(hashKeySecret(parsed?.secret ?? ''));
    expect(parseApiKey(`${made.key}x`)).toBeUndefined();
    expect(parseApiKey('rsk_short_secret')).toBeUndefined();
    expect(new Set(Array.from({ length: 50 }, () => newApiKey().prefix)).size).toBeGreaterThan(40);
  });

  it('reads a bearer header; other schemes are not a bearer', () => {
    expect(bearerTokenOf('Bearer rsk_x')).toBe('rsk_x');
    expect(bearerTokenOf('bearer   rsk_x ')).toBe('rsk_x');
    expect(bearerTokenOf('Bearer')).toBe('');
    expect(bearerTokenOf('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerTokenOf(undefined)).toBeUndefined();
  });
});

/** A store in memory: the lookups, the windows' counts and how often the key was marked used. */
function memoryStore(lookup: ApiKeyLookup) {
  const counts = new Map<string, number>();
  let marks = 0;
  const store: ApiKeyStore = {
    create: () => Promise.resolve('written'),
    list: () => Promise.resolve([]),
    remove: () => Promise.resolve(true),
    lookup: (keyId) => Promise.resolve(keyId === lookup.keyId ? { ...lookup } : undefined),
    markUsed: (_lookup, now, staleBefore, tier) => {
      if (lookup.lastUsedAtMs !== undefined && lookup.lastUsedAtMs > staleBefore) return Promise.resolve(false);
      Object.assign(lookup, { lastUsedAtMs: now, tier });
      marks += 1;
      return Promise.resolve(true);
    },
    countCall: (keyId, windowStart) => {
      const key = `${keyId}:${windowStart}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return Promise.resolve(counts.get(key) ?? 0);
    },
  };
  return { store, marks: () => marks };
}

describe('BearerAuthenticator', () => {
  const made = newApiKey();
  const base = (): ApiKeyLookup => ({ keyId: made.id, userId: 'u1', secretHash: made.secretHash, scopes: ['read'], expiresOn: null, tier: 'free' });

  it('resolves a key to its owner, id and scopes; marks it used once a minute with the plan read then', async () => {
    let now = Date.UTC(2026, 11, 7, 12, 0, 5);
    let tier: 'free' | 'pro' = 'free';
    const memory = memoryStore(base());
    const auth = new BearerAuthenticator({ store: memory.store, tierOf: () => Promise.resolve(tier), clock: () => now });
    expect(await auth.authenticate(made.key)).toEqual({ userId: 'u1', keyId: made.id, scopes: ['read'], tier: 'free' });
    now += 30_000;
    tier = 'pro';
    expect((await auth.authenticate(made.key)).tier).toBe('free');
    expect(memory.marks()).toBe(1);
    now += 31_000;
    expect((await auth.authenticate(made.key)).tier).toBe('pro');
    expect(memory.marks()).toBe(2);
  });

  it('refuses a wrong secret, an unknown id, a malformed key and an expired key with a 401', async () => {
    const now = Date.UTC(2026, 11, 7, 12, 0, 5);
    const expired = memoryStore({ ...base(), expiresOn: new Date(now - 1).toISOString() });
    const auth = new BearerAuthenticator({ store: memoryStore(base()).store, tierOf: () => Promise.resolve('free'), clock: () => now });
    const other = newApiKey();
    for (const presented of [`rsk_${made.id}_${other.key.slice(-43)}`, other.key, 'rsk_nope', '']) {
      await expect(auth.authenticate(presented)).rejects.toBeInstanceOf(NotAuthenticatedError);
    }
    const late = new BearerAuthenticator({ store: expired.store, tierOf: () => Promise.resolve('free'), clock: () => now });
    await expect(late.authenticateAndAdmit(made.key)).rejects.toThrow('This API key has expired');
  });

  it('lets limit + burst calls through in a minute’s window, then refuses until the next window', async () => {
    let now = Date.UTC(2026, 11, 7, 12, 0, 15);
    const auth = new BearerAuthenticator({ store: memoryStore(base()).store, tierOf: () => Promise.resolve('free'), clock: () => now });
    const decisions = [];
    for (let i = 0; i < 80; i++) decisions.push((await auth.authenticateAndAdmit(made.key)).decision);
    const passed = apiCallsPerMinute.free + apiBurstAllowance.free;
    expect(decisions.filter((d) => d.allowed)).toHaveLength(passed);
    expect(decisions[0]).toEqual({ allowed: true, limit: 60, remaining: 59, resetSeconds: 45 });
    expect(decisions[passed]).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 45 });
    now += 45_000;
    expect((await auth.authenticateAndAdmit(made.key)).decision).toMatchObject({ allowed: true, remaining: 59, resetSeconds: 60 });
  });
});
