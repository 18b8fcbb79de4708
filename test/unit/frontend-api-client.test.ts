import { describe, expect, it, vi } from 'vitest';

import { ApiError, CSRF_STORAGE_KEY, createApiClient, isCsrfError, type TokenStore } from '../../frontend/src/lib/api-client';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: string | undefined;
}

class MemoryStore implements TokenStore {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

type Answer = { status?: number; statusText?: string; body?: unknown; text?: string };

/** A fetch that records every call and answers from a table of `METHOD path` → answer. */
function setup(answers: Record<string, Answer | (() => Answer)>, storedToken?: string) {
  const calls: Call[] = [];
  const store = new MemoryStore();
  if (storedToken) store.setItem(CSRF_STORAGE_KEY, storedToken);
  const logger = { warn: vi.fn() };
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ url, method, headers: { ...(init?.headers as Record<string, string>) }, body, credentials: init?.credentials });
    const entry = answers[`${method} ${url}`];
    const answer = typeof entry === 'function' ? entry() : (entry ?? { status: 404, statusText: 'Not Found', text: '' });
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(text === '' ? null : text, {
      status: answer.status ?? 200,
      statusText: answer.statusText ?? '',
      headers: answer.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const client = createApiClient({ fetch: fakeFetch, storage: () => store, logger });
  return { client, calls, store, logger };
}

describe('api client: anti-forgery token', () => {
  it('fetches the token once, stores it, and sends it in the header and the JSON body', async () => {
    const { client, calls, store } = setup({
      'GET /api/csrf-token': { body: { csrfToken: 'tok-1' } },
      'POST /api/scripts': { status: 201, body: { id: 's1' } },
    });

    const created = await client.post<{ id: string }>('/api/scripts', { title: 'Hello' });
    await client.post('/api/scripts', { title: 'Again' });

    expect(created).toEqual({ id: 's1' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/csrf-token', 'POST /api/scripts', 'POST /api/scripts']);
    expect(calls[1]?.headers['X-CSRF-Token']).toBe('tok-1');
    expect(calls[1]?.body).toEqual({ title: 'Hello', _csrf: 'tok-1' });
    expect(store.getItem(CSRF_STORAGE_KEY)).toBe('tok-1');
  });

  it('uses a token already in session storage', async () => {
    const { client, calls } = setup({ 'DELETE /api/scripts/s1': { status: 204 } }, 'stored');

    await client.delete('/api/scripts/s1');

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['X-CSRF-Token']).toBe('stored');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('sends GET requests without a token, with credentials included', async () => {
    const { client, calls } = setup({ 'GET /api/scripts': { body: [] } });

    await client.get('/api/scripts');

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['X-CSRF-Token']).toBeUndefined();
    expect(calls[0]?.credentials).toBe('include');
  });

  it('sends the request without a token when the token call fails, and only logs it', async () => {
    const { client, calls, logger, store } = setup({
      'GET /api/csrf-token': { status: 500, statusText: 'Internal Server Error' },
      'POST /api/logout': { status: 204 },
    });

    await client.post('/api/logout');

    expect(calls.map((call) => call.url)).toEqual(['/api/csrf-token', '/api/logout']);
    expect(calls[1]?.headers['X-CSRF-Token']).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(store.getItem(CSRF_STORAGE_KEY)).toBeNull();
  });

  it('treats an answer without csrfToken as a failed token call', async () => {
    const { client, calls, logger } = setup({
      'GET /api/csrf-token': { body: {} },
      'PATCH /api/user': { body: { id: 'u1' } },
    });

    await client.patch('/api/user', { selectedVoice: 'v1' });

    expect(calls[1]?.body).toEqual({ selectedVoice: 'v1' });
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('shares one token request between concurrent calls', async () => {
    const { client, calls } = setup({
      'GET /api/csrf-token': { body: { csrfToken: 'tok-1' } },
      'POST /api/a': { status: 204 },
      'POST /api/b': { status: 204 },
    });

    await Promise.all([client.post('/api/a', {}), client.post('/api/b', {})]);

    expect(calls.filter((call) => call.url === '/api/csrf-token')).toHaveLength(1);
  });

  it('does not add _csrf to a body that is not a plain object', async () => {
    const { client, calls } = setup({ 'POST /api/media/upload': { status: 201, body: { id: 'm1' } } }, 'stored');
    const form = new FormData();
    form.append('tags', 'a,b');

    await client.post('/api/media/upload', form);

    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
    expect(calls[0]?.headers['X-CSRF-Token']).toBe('stored');
  });

  it('drops a stored token the server refuses, so the next call fetches a fresh one', async () => {
    const { client, store } = setup({ 'POST /api/logout': { status: 403, body: { message: 'Invalid CSRF token', code: 'CSRF_INVALID' } } }, 'stale');

    const error = await client.post('/api/logout').catch((caught: unknown) => caught);

    expect(isCsrfError(error)).toBe(true);
    expect(store.getItem(CSRF_STORAGE_KEY)).toBeNull();
  });
});

describe('api client: errors', () => {
  it('throws "status: text" with the parsed body on a non-OK answer', async () => {
    const { client } = setup({ 'GET /api/stats': { status: 400, body: { message: 'Bad input', code: 'VALIDATION' } } });

    const error = await client.get('/api/stats').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Bad input","code":"VALIDATION"}');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual({ message: 'Bad input', code: 'VALIDATION' });
    expect((error as ApiError).serverMessage).toBe('Bad input');
  });

  it('uses the status text when the answer has no body', async () => {
    const { client } = setup({ 'GET /api/user': { status: 401, statusText: 'Unauthorized' } });

    await expect(client.get('/api/user')).rejects.toThrow('401: Unauthorized');
  });

  it('does not take a 403 about something else for a CSRF failure', () => {
    expect(isCsrfError(new ApiError(403, '403: {"message":"Script token limit reached"}', { message: 'Script token limit reached' }))).toBe(false);
    expect(isCsrfError(new ApiError(401, '401: CSRF', undefined))).toBe(false);
  });
});
