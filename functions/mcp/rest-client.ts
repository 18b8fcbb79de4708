/**
 * The MCP server's only way into Reelsmith: the public REST API, called with the caller's own key. Keys,
 * scopes, ownership, limits, idempotency and every message are the API's; this module only carries the
 * call and turns a refusal into the text the page would show (`message`, then `details` when it is text).
 */
export class RestError extends Error {
  override name = 'RestError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RestClient {
  get<T>(path: string, query?: Readonly<Record<string, QueryValue>>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

export interface RestClientOptions {
  /** The API's origin (`http://127.0.0.1:3000`, `https://{api}.execute-api.{region}.amazonaws.com`). */
  baseUrl: string;
  /** The caller's API key, sent as `Authorization: Bearer <key>`. */
  key: string;
  fetch?: typeof fetch;
  /** Each call's limit (API Gateway ends a request at 29 s). */
  timeoutMs?: number;
}

/** The page's words for a refusal: the answer's `message`, and its `details` when they are text. */
export function refusalText(status: number, body: unknown): { message: string; code?: string } {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' && fields.message.trim() ? fields.message : `Reelsmith's API answered ${status}`;
  const details = typeof fields.details === 'string' && fields.details.trim() ? fields.details : undefined;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  return { message: details ? `${message} — ${details}` : message, ...(code ? { code } : {}) };
}

export function restClient(options: RestClientOptions): RestClient {
  const call = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 25_000;

  async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, query?: Readonly<Record<string, QueryValue>>): Promise<T> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { authorization: `Bearer ${options.key}`, accept: 'application/json' };
    if (method !== 'GET') headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await call(url, {
        method,
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new RestError(
        timedOut ? 504 : 502,
        timedOut ? "Reelsmith's API did not answer in time; try again" : "Reelsmith's API could not be reached; try again",
      );
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        parsed = undefined;
      }
    }
    if (!response.ok) {
      const refusal = refusalText(response.status, parsed);
      throw new RestError(response.status, refusal.message, refusal.code);
    }
    return parsed as T;
  }

  return {
    get: (path, query) => send('GET', path, undefined, query),
    post: (path, body) => send('POST', path, body),
  };
}
