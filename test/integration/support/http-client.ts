/**
 * A browser-like client for integration tests: keeps cookies, fetches and sends the CSRF token the
 * way the front end does, and returns status, headers and parsed JSON. Under vitest it checks every 2xx
 * answer against the OpenAPI document (answer-check.ts).
 */
export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Keeps the cookies a response sets (and forgets those it expires) in `jar`, as a browser would. */
export function rememberCookies(jar: Map<string, string>, setCookieLines: readonly string[]): void {
  for (const line of setCookieLines) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (/max-age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export class TestClient {
  private cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  getCookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(headers: Headers): void {
    rememberCookies(this.cookies, headers.getSetCookie());
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual' });
    this.remember(response.headers);
    return response;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    init: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (method !== 'GET' && init.csrf !== false) {
      if (!this.csrfToken) await this.fetchCsrfToken();
      if (this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    }
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await this.raw(path, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    // Under vitest every 2xx answer is held to the OpenAPI document (the benches, run by tsx, skip it).
    if (process.env.VITEST && response.ok) {
      const { checkAnswer } = await import('./answer-check');
      checkAnswer(method, new URL(path, this.baseUrl), response.status, parsed);
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  async fetchCsrfToken(): Promise<string> {
    const response = await this.request<{ csrfToken: string }>('GET', '/api/csrf-token');
    this.csrfToken = response.body.csrfToken;
    return this.csrfToken;
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown, init?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request<T>('POST', path, body, init);
  }
  patch<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body);
  }
}
