import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { AccountExport } from '../../functions/contract/account';
import type { ApiKey, CreatedApiKey } from '../../functions/contract/api-keys';
import { apiKeyMessages, apiKeyPattern, type ApiKeyScope } from '../../functions/contract/rules/api-keys';
import type { Script } from '../../functions/contract/scripts';
import { apiKeyLookupEntity } from '../../functions/adapters/aws/dynamo/api-keys';
import { setLogSink } from '../../functions/platform/observability/logging';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { KeyClient } from './support/key-client';
import { startTestStack } from './support/stack';
import { unzip } from './support/zip';

/**
 * API keys against the local stack: creating, listing and revoking them with the session cookie; calls
 * with `Authorization: Bearer` and no cookie; scopes, routes no key may call, revocation and expiry at
 * once, a wrong key beside a valid cookie, ownership (404 as with the cookie), the plan's limit under a
 * race, the per-key rate limit under a burst, and no key in any answer, the export or a log line.
 */
let stack: LocalStack;
const logLines: string[] = [];
const answers: string[] = [];
const keysMade: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  process.env.LOG_LEVEL = 'debug';
  setLogSink((line) => logLines.push(line));
}, 120_000);

afterAll(async () => {
  setLogSink(undefined);
  await stack?.stop();
});

async function createKey(user: SignedInUser, scopes: ApiKeyScope[], extra: Record<string, unknown> = {}): Promise<CreatedApiKey> {
  const made = await user.client.post<CreatedApiKey>('/api/api-keys', { name: `key ${keysMade.length + 1}`, scopes, ...extra });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  keysMade.push(made.body.key);
  return made.body;
}

const keyClient = (key: string) => new KeyClient(stack.url, key);

async function listKeys(user: SignedInUser): Promise<ApiKey[]> {
  const listed = await user.client.get<ApiKey[]>('/api/api-keys');
  expect(listed.status).toBe(200);
  answers.push(JSON.stringify(listed.body));
  return listed.body;
}

describe('API keys with the session cookie', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signUpAndIn(stack, 'keys');
  });

  it('creates a key (201, the key once, rsk_ and its id), lists it without the key, and revokes it (204, then 404)', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const made = await createKey(user, ['read', 'write'], { name: 'n8n workflow', expiresAt });
    answers.push(JSON.stringify({ ...made, key: undefined }));
    expect(made).toMatchObject({ name: 'n8n workflow', scopes: ['read', 'write'], expiresAt, lastUsedAt: null });
    const [, id] = apiKeyPattern.exec(made.key) ?? [];
    expect(id).toBe(made.id);
    expect(made.prefix).toBe(made.key.slice(0, 8));
    expect(made.prefix).toMatch(/^rsk_[a-z2-7]{4}$/);
    expect(Object.keys(made).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'key', 'lastUsedAt', 'name', 'prefix', 'scopes']);

    const listed = await listKeys(user);
    expect(listed).toEqual([
      { id: made.id, name: 'n8n workflow', scopes: ['read', 'write'], prefix: made.prefix, createdAt: made.createdAt, expiresAt, lastUsedAt: null },
    ]);

    expect((await user.client.delete(`/api/api-keys/${made.id}`)).status).toBe(204);
    expect(await listKeys(user)).toEqual([]);
    const again = await user.client.delete<{ message: string }>(`/api/api-keys/${made.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(apiKeyMessages.notFound);
  });

  it('refuses a bad name, no scopes, a scope twice or unknown, an expiry past or beyond two years (400)', async () => {
    const bad = [
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: ['read', 'read'] },
      { name: 'ok', scopes: ['admin'] },
      { name: 'ok', scopes: ['read'], expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { name: 'ok', scopes: ['read'], expiresAt: new Date(Date.now() + 800 * 86_400_000).toISOString() },
      { name: 'ok', scopes: ['read'], expiresAt: 'tomorrow' },
      { name: 'ok', scopes: ['read'], key: 'rsk_mine' },
    ];
    for (const body of bad) expect((await user.client.post('/api/api-keys', body)).status, JSON.stringify(body)).toBe(400);
    expect(await listKeys(user)).toEqual([]);
  });

  it('holds the plan limit under a race: 12 creates at once on free make exactly 2 keys; basic allows 10', async () => {
    const racer = await signUpAndIn(stack, 'keyrace');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => racer.client.post<CreatedApiKey>('/api/api-keys', { name: `race ${i}`, scopes: ['read'] })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(results.find((r) => r.status === 403)?.body).toMatchObject({ code: 'API_KEY_LIMIT', message: apiKeyMessages.limitReached });
    for (const r of results) if (r.status === 201) keysMade.push(r.body.key);
    expect(await listKeys(racer)).toHaveLength(2);
    // A revoked key frees its place.
    const [first] = await listKeys(racer);
    expect((await racer.client.delete(`/api/api-keys/${first?.id ?? ''}`)).status).toBe(204);
    await createKey(racer, ['read']);
    expect((await racer.client.post('/api/api-keys', { name: 'one more', scopes: ['read'] })).status).toBe(403);
    await setProfile(racer.id, { subscriptionTier: 'basic' });
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) => racer.client.post<CreatedApiKey>('/api/api-keys', { name: `basic ${i}`, scopes: ['read'] })),
    );
    for (const r of more) if (r.status === 201) keysMade.push(r.body.key);
    expect(more.filter((r) => r.status === 201)).toHaveLength(8);
    expect(await listKeys(racer)).toHaveLength(10);
  }, 60_000);
});

describe('calls with a key', () => {
  let owner: SignedInUser;
  let other: SignedInUser;
  let writer: CreatedApiKey;
  let reader: CreatedApiKey;
  let everything: CreatedApiKey;

  beforeAll(async () => {
    owner = await signUpAndIn(stack, 'keyowner');
    other = await signUpAndIn(stack, 'keyother');
    await setProfile(owner.id, { subscriptionTier: 'pro' });
    writer = await createKey(owner, ['read', 'write']);
    reader = await createKey(owner, ['read']);
    everything = await createKey(owner, ['read', 'write', 'publish']);
  });

  it('a write key alone (no cookie, no CSRF token) creates, changes and lists the owner’s scripts, with RateLimit-* on each answer', async () => {
    const client = keyClient(writer.key);
    const created = await client.post<Script>('/api/scripts', {
      title: 'By key',
      scriptContent: 'Made with an API key.',
      postCaption: 'Made by key #a #b #c #d #e #f',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('ratelimit-limit')).toBe('1200');
    expect(Number(created.headers.get('ratelimit-remaining'))).toBeLessThan(1200);
    expect(Number(created.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const patched = await client.patch<Script>(`/api/scripts/${created.body.id}`, { scriptContent: 'Changed with an API key.' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const listed = await client.get<Script[]>('/api/scripts');
    expect(listed.status).toBe(200);
    expect(listed.body.find((s) => s.id === created.body.id)?.scriptContent).toBe('Changed with an API key.');
    // The owner sees it with the cookie: the same user.
    const mine = await owner.client.get<Script[]>('/api/scripts');
    expect(mine.body.map((s) => s.id)).toContain(created.body.id);
    // Cookie calls carry no RateLimit-* headers and are not counted.
    expect(mine.headers.get('ratelimit-limit')).toBeNull();
  });

  it('marks the key used at most once a minute', async () => {
    const client = keyClient(reader.key);
    expect((await client.get('/api/scripts')).status).toBe(200);
    const first = (await listKeys(owner)).find((k) => k.id === reader.id)?.lastUsedAt;
    expect(first).not.toBeNull();
    expect((await client.get('/api/scripts')).status).toBe(200);
    expect((await listKeys(owner)).find((k) => k.id === reader.id)?.lastUsedAt).toBe(first);
  });

  it('answers 403 naming the scope a route needs', async () => {
    const read = keyClient(reader.key);
    expect((await read.get('/api/scripts')).status).toBe(200);
    const refused = await read.post<{ message: string; code: string }>('/api/scripts', { title: 'x', scriptContent: 'y' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'This key needs the "write" scope.', code: 'API_KEY_SCOPE' });
    const script = (await keyClient(writer.key).post<Script>('/api/scripts', { title: 'Scoped', scriptContent: 'Words.' })).body;
    for (const [method, path] of [
      ['POST', `/api/scripts/${script.id}/publish`],
      ['POST', `/api/scripts/${script.id}/publish/check`],
      ['DELETE', '/api/publications/01J00000000000000000000000'],
    ] as const) {
      const answer = await keyClient(writer.key).request<{ message: string }>(method, path, method === 'POST' ? { targets: [] } : undefined);
      expect(answer.status, path).toBe(403);
      expect(answer.body.message).toBe('This key needs the "publish" scope.');
    }
    // A schedule that posts is posting: refused before anything is looked at.
    const schedule = await keyClient(writer.key).post<{ message: string }>('/api/automation-schedules', {
      name: 'Posts',
      templateId: 'X',
      publishTargets: [{ accountId: '01JNOTANACCOUNT000000000000' }],
    });
    expect(schedule.status).toBe(403);
    expect(schedule.body.message).toBe('This key needs the "publish" scope.');
  });

  it('no key may call the keys, sign-out, export, closing, billing or account connections (403), whatever its scopes', async () => {
    const client = keyClient(everything.key);
    const routes: [string, string][] = [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${everything.id}`],
      ['POST', '/api/account/export'],
      ['POST', '/api/account/delete'],
      ['POST', '/api/subscriptions/create-session'],
      ['POST', '/api/subscriptions/portal-session'],
      ['POST', '/api/subscriptions/update-after-checkout'],
      ['POST', '/api/publishing/accounts/youtube/connect'],
      ['DELETE', '/api/publishing/accounts/abc'],
      ['GET', '/api/ws-ticket'],
      ['POST', '/api/logout'],
      ['POST', '/api/login'],
      ['POST', '/api/reset-password'],
      ['POST', '/api/forgot-password'],
    ];
    for (const [method, path] of routes) {
      const answer = await client.request<{ message: string; code: string }>(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toMatchObject({ message: apiKeyMessages.notWithKeys, code: 'API_KEY_NOT_ALLOWED' });
    }
    // Nothing happened: the key still works and is still listed.
    expect((await client.get('/api/scripts')).status).toBe(200);
    expect((await listKeys(owner)).map((k) => k.id)).toContain(everything.id);
    // Public routes that read no credential ignore it.
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('a key reaches only its owner’s records: another user’s script is a 404, exactly as with the cookie', async () => {
    const theirs = await other.client.post<Script>('/api/scripts', { title: 'Not yours', scriptContent: 'Private words.' });
    expect(theirs.status).toBe(201);
    const client = keyClient(everything.key);
    for (const [method, path, body] of [
      ['PATCH', `/api/scripts/${theirs.body.id}`, { title: 'Taken' }],
      ['DELETE', `/api/scripts/${theirs.body.id}`, undefined],
      ['POST', `/api/scripts/${theirs.body.id}/convert-to-audio`, {}],
      ['POST', `/api/scripts/${theirs.body.id}/generate-video`, {}],
      ['POST', `/api/scripts/${theirs.body.id}/publish`, { targets: [{ accountId: 'x' }] }],
    ] as const) {
      const byKey = await client.request<{ message: string }>(method, path, body);
      const byCookie = await owner.client.request<{ message: string }>(method, path, body);
      expect(byKey.status, path).toBe(404);
      expect(byKey.status).toBe(byCookie.status);
      expect(byKey.body.message).toBe(byCookie.body.message);
    }
    expect((await client.get<Script[]>('/api/scripts')).body.map((s) => s.id)).not.toContain(theirs.body.id);
    const still = await other.client.get<Script[]>('/api/scripts');
    expect(still.body.find((s) => s.id === theirs.body.id)?.title).toBe('Not yours');
  });

  it('a wrong, malformed, revoked or expired key is a 401 even beside a valid session cookie; revocation holds on the next call', async () => {
    const wrongSecret = `${writer.key.slice(0, -4)}AAAA`;
    for (const presented of [wrongSecret, 'rsk_nope', 'not-a-key', `rsk_${'a'.repeat(16)}_${'b'.repeat(43)}`]) {
      const withCookie = await owner.client.request<{ message: string }>('GET', '/api/scripts', undefined, {
        headers: { authorization: `Bearer ${presented}` },
      });
      expect(withCookie.status, presented).toBe(401);
      expect(withCookie.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(withCookie.body.message).toBe(apiKeyMessages.invalidKey);
    }
    // The same with a bare "Bearer" and on a write (no CSRF token either way: the key is what is judged).
    expect((await owner.client.request('GET', '/api/scripts', undefined, { headers: { authorization: 'Bearer' } })).status).toBe(401);

    const doomed = await createKey(owner, ['read']);
    const client = keyClient(doomed.key);
    expect((await client.get('/api/scripts')).status).toBe(200);
    expect((await owner.client.delete(`/api/api-keys/${doomed.id}`)).status).toBe(204);
    const revoked = await client.get<{ message: string }>('/api/scripts');
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe(apiKeyMessages.invalidKey);

    const expiring = await createKey(other, ['read'], { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await keyClient(expiring.key).get('/api/scripts')).status).toBe(200);
    // A day later (its lookup's expiry moved to the past, as time passing would).
    await apiKeyLookupEntity.update(services().table, { keyId: expiring.id }, { set: { expiresOn: new Date(Date.now() - 1_000).toISOString() } });
    const expired = await keyClient(expiring.key).get<{ message: string }>('/api/scripts');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(apiKeyMessages.expiredKey);
    // The cookie session is untouched by any of it.
    expect((await owner.client.get('/api/scripts')).status).toBe(200);
  });
});

describe('the rate limit per key', () => {
  it('a burst of 300 calls on a free key answers only 200 and 429: exactly 60 + the burst of 10 pass, the rest carry Retry-After', async () => {
    const user = await signUpAndIn(stack, 'keyburst');
    const made = await createKey(user, ['read']);
    // The burst stays inside one minute's window: begin early in a minute.
    const into = Date.now() % 60_000;
    if (into > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 200));
    const client = keyClient(made.key);
    const answers = await Promise.all(Array.from({ length: 300 }, () => client.get('/api/scripts')));
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([200, 429]);
    expect(counts.get(200)).toBe(70);
    expect(counts.get(429)).toBe(230);
    const refused = answers.find((a) => a.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused?.headers.get('ratelimit-limit')).toBe('60');
    expect(refused?.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused?.headers.get('ratelimit-reset')).toBe(refused?.headers.get('retry-after'));
    expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED' });
    // The cookie session of the same user is not limited by its key.
    expect((await user.client.get('/api/scripts')).status).toBe(200);
  }, 120_000);
});

describe('the key itself never leaves', () => {
  it('no list, export or log line holds a key or its hash; closing the account removes the keys', async () => {
    const user = await signUpAndIn(stack, 'keyexport');
    const made = await createKey(user, ['read', 'write']);
    expect((await keyClient(made.key).get('/api/scripts')).status).toBe(200);
    const exported = await user.client.post<AccountExport>('/api/account/export');
    expect(exported.status).toBe(200);
    const files = await unzip(Buffer.from(await (await fetch(exported.body.url)).arrayBuffer()));
    const listed = JSON.parse(files.get('data/api-keys.json')?.toString('utf8') ?? 'null') as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, name: made.name, prefix: made.prefix, scopes: ['read', 'write'] })]);
    const lookup = await apiKeyLookupEntity.get(services().table, { keyId: made.id }, { consistent: true });
    expect(lookup?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const secrets = [...keysMade, lookup?.secretHash ?? 'none'];
    for (const [name, bytes] of files) {
      const text = bytes.toString('utf8');
      for (const secret of secrets) expect(text.includes(secret), name).toBe(false);
      expect(text, name).not.toContain('secretHash');
    }
    for (const answer of answers) for (const key of keysMade) expect(answer.includes(key)).toBe(false);
    expect(logLines.length).toBeGreaterThan(50);
    for (const line of logLines) for (const secret of secrets) expect(line.includes(secret)).toBe(false);
    for (const key of keysMade) expect(logLines.some((line) => line.includes(key.slice(-20)))).toBe(false);

    expect((await user.client.post('/api/account/delete', { password: 'correct horse 1' })).status).toBe(200);
    expect(await apiKeyLookupEntity.get(services().table, { keyId: made.id }, { consistent: true })).toBeUndefined();
    expect((await keyClient(made.key).get('/api/scripts')).status).toBe(401);
  }, 60_000);
});
