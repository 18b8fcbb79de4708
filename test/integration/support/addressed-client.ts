import { request } from 'node:http';
import { rememberCookies, type JsonResponse } from './http-client';

/**
 * A minimal browser-like client whose connections leave from `localAddress` (on Linux any 127.x.y.z
 * reaches the local server), so the server sees another client address: what the per-client sign-in
 * limits are keyed by. It keeps cookies and sends the CSRF token as the front end does.
 */
export class AddressedClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly localAddress: string,
  ) {}

  private send(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: this.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          rememberCookies(this.cookies, res.headers['set-cookie'] ?? []);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
          }
          resolve({ status: res.statusCode ?? 0, headers: answerHeaders, body: parsed });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  async get<T = unknown>(path: string): Promise<JsonResponse<T>> {
    return (await this.send('GET', path)) as JsonResponse<T>;
  }

  async post<T = unknown>(path: string, body?: unknown): Promise<JsonResponse<T>> {
    if (!this.csrfToken) this.csrfToken = (await this.get<{ csrfToken: string }>('/api/csrf-token')).body.csrfToken;
    return (await this.send('POST', path, body)) as JsonResponse<T>;
  }
}
