import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { clientFor, startTestStack } from './support/stack';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('the local HTTP API', () => {
  it('answers the health check with the database status', async () => {
    const response = await clientFor(stack).get<{ status: string; database: { status: string } }>('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: { status: 'ok' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('issues a CSRF token with its HttpOnly browser cookie, and the same token again to that browser', async () => {
    const client = clientFor(stack);
    const first = await client.get<{ csrfToken: string }>('/api/csrf-token');
    expect(first.status).toBe(200);
    expect(first.body.csrfToken).toMatch(/^[\w-]{43}$/);
    const cookie = first.headers.getSetCookie()[0] ?? '';
    expect(cookie).toBe(`rs_csrf=${first.body.csrfToken}; Path=/; HttpOnly; SameSite=Lax`);
    const second = await client.get<{ csrfToken: string }>('/api/csrf-token');
    expect(second.body.csrfToken).toBe(first.body.csrfToken);
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it('answers 401 on /api/user without a session', async () => {
    const response = await clientFor(stack).get<{ message: string }>('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Not authenticated', error: 'Not authenticated' });
  });

  it('answers 404 for an unknown route and 405 with Allow for a wrong method', async () => {
    const client = clientFor(stack);
    const missing = await client.get<{ message: string }>('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    const wrong = await client.request<{ message: string }>('DELETE', '/api/health', undefined, { csrf: false });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});

describe('CSRF on non-GET calls', () => {
  it('refuses a call without a token', async () => {
    const client = clientFor(stack);
    await client.fetchCsrfToken();
    const response = await client.post<{ message: string; code: string }>('/api/logout', {}, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ message: 'Invalid CSRF token', code: 'EBADCSRFTOKEN' });
  });

  it('refuses a wrong token and a token from another session', async () => {
    const victim = clientFor(stack);
    await victim.fetchCsrfToken();
    const wrong = await victim.post('/api/logout', {}, { csrf: false, headers: { 'x-csrf-token': 'not-the-token' } });
    expect(wrong.status).toBe(403);

    const attacker = clientFor(stack);
    const attackerToken = await attacker.fetchCsrfToken();
    const crossed = await victim.post('/api/logout', {}, { csrf: false, headers: { 'x-csrf-token': attackerToken } });
    expect(crossed.status).toBe(403);
  });

  it('refuses a token when the browser does not hold its cookie', async () => {
    const client = clientFor(stack);
    const token = await client.fetchCsrfToken();
    const fresh = clientFor(stack);
    const response = await fresh.post('/api/logout', {}, { csrf: false, headers: { 'x-csrf-token': token } });
    expect(response.status).toBe(403);
  });

  it('accepts the token in the X-CSRF-Token header or in the body as _csrf', async () => {
    const byHeader = clientFor(stack);
    await byHeader.fetchCsrfToken();
    expect((await byHeader.post('/api/logout', {})).status).toBe(200);

    const byBody = clientFor(stack);
    const token = await byBody.fetchCsrfToken();
    const response = await byBody.post<{ message: string }>('/api/logout', { _csrf: token }, { csrf: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out' });
  });

  it('clears both cookies at logout', async () => {
    const client = clientFor(stack);
    await client.fetchCsrfToken();
    const out = await client.post('/api/logout', {});
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual(['rs_sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0', 'rs_csrf=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
    expect(client.getCookie('rs_csrf')).toBeUndefined();
  });
});

describe('bad bodies', () => {
  it('answers 400 for malformed JSON', async () => {
    const client = clientFor(stack);
    await client.fetchCsrfToken();
    const response = await client.post<{ message: string }>('/api/logout', '{"oops":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Request body is not valid JSON', error: 'Request body is not valid JSON' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const client = clientFor(stack);
    await client.fetchCsrfToken();
    const response = await client.post<{ message: string }>('/api/logout', 'a=b', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: 'Content-Type must be application/json', error: 'Content-Type must be application/json' });
  });

  it('answers 413 for a JSON body over 1 MB, and for a request over 10 MB before any handler runs', async () => {
    const client = clientFor(stack);
    await client.fetchCsrfToken();
    const large = await client.post<{ message: string }>('/api/logout', { blob: 'x'.repeat(1024 * 1024 + 10) });
    expect(large.status).toBe(413);
    expect(large.body.message).toMatch(/too large/);
    const huge = await client.post<{ message: string }>('/api/logout', { blob: 'x'.repeat(10 * 1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Request body is too large (limit 10 MB)');
  });
});

describe('the front end', () => {
  it('serves files, index.html for client-side routes, 404 for missing assets, and nothing outside its folder', async () => {
    const client = clientFor(stack);
    const page = await client.raw('/scripts/anything');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('fixture app');
    const asset = await client.raw('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await client.raw('/assets/missing-file.js')).status).toBe(404);
    const escape = await client.raw('/..%2f..%2f..%2fpackage.json');
    expect(await escape.text()).not.toContain('"name": "reelsmith"');
  });
});
