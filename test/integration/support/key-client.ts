import type { JsonResponse } from './http-client';

/**
 * A client of other software: every call carries `Authorization: Bearer <key>` and nothing else (no
 * cookie, no CSRF token), as a script, n8n or an agent would send it.
 */
export class KeyClient {
  constructor(
    readonly baseUrl: string,
    readonly key: string,
  ) {}

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const sent: Record<string, string> = { authorization: `Bearer ${this.key}`, ...headers };
    if (body !== undefined) sent['content-type'] = 'application/json';
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  patch<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
