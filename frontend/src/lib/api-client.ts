/**
 * The one API client. Every call of the app goes through it:
 * it owns credentials, the anti-forgery token and the shape of errors.
 *
 * - Every request is sent with `credentials: 'include'` (the session is an HttpOnly cookie).
 * - A non-GET call first obtains the CSRF token: from session storage, else from
 *   `GET /api/csrf-token` (`{ csrfToken }`), which is then stored. If that fails it is only logged and
 *   the request goes without it. The token travels in the `X-CSRF-Token` header and, when the body is
 *   a plain object, as `_csrf` in the JSON body.
 * - Any non-OK response throws an `ApiError` whose message is `${status}: ${text or statusText}`.
 *
 * This module touches no DOM type on purpose, so the unit tests (Node) can drive it with a fake fetch
 * and an in-memory store.
 */

export const CSRF_STORAGE_KEY = 'csrfToken';
export const CSRF_TOKEN_PATH = '/api/csrf-token';
export const CSRF_HEADER = 'X-CSRF-Token';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The part of `Storage` the client needs (session storage in the browser). */
export interface TokenStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Where the CSRF token is kept; defaults to the browser's session storage. */
  storage?: () => TokenStore | undefined;
  logger?: Pick<Console, 'warn'>;
}

/** A non-OK answer: the status, the message the product (docs/product.md#conventions) prescribes and the parsed JSON body, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own `message` (or `error`) field when the body carries one. */
  get serverMessage(): string | undefined {
    if (typeof this.body !== 'object' || this.body === null) return undefined;
    const { message, error } = this.body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
    return undefined;
  }
}

/** True for the server's answer to a missing or invalid anti-forgery token (403 naming CSRF). */
export function isCsrfError(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  return [body.code, body.message, error.message].some((value) => typeof value === 'string' && /csrf/i.test(value));
}

export type RequestBody = Record<string, unknown> | unknown[] | FormData | Blob | string;

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, body?: RequestBody): Promise<T>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: RequestBody): Promise<T>;
  patch<T>(path: string, body?: RequestBody): Promise<T>;
  put<T>(path: string, body?: RequestBody): Promise<T>;
  delete<T>(path: string, body?: RequestBody): Promise<T>;
  /** The CSRF token, from storage or freshly fetched; undefined when it cannot be had. */
  csrfToken(): Promise<string | undefined>;
  clearCsrfToken(): void;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function browserSessionStorage(): TokenStore | undefined {
  try {
    return (globalThis as { sessionStorage?: TokenStore }).sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it; the client then works without a stored token.
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage ?? browserSessionStorage;
  const logger = options.logger ?? console;
  let pendingToken: Promise<string | undefined> | undefined;

  function readStored(): string | undefined {
    try {
      return storage()?.getItem(CSRF_STORAGE_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  }

  function store(token: string): void {
    try {
      storage()?.setItem(CSRF_STORAGE_KEY, token);
    } catch {
      // not fatal: the token is fetched again next time
    }
  }

  function clearCsrfToken(): void {
    pendingToken = undefined;
    try {
      storage()?.removeItem(CSRF_STORAGE_KEY);
    } catch {
      // nothing stored, nothing to clear
    }
  }

  async function fetchToken(): Promise<string | undefined> {
    try {
      const response = await doFetch(CSRF_TOKEN_PATH, { method: 'GET', credentials: 'include' });
      if (!response.ok) {
        logger.warn(`Could not get a CSRF token: ${response.status} ${response.statusText}`);
        return undefined;
      }
      const data = parseJson(await response.text()) as { csrfToken?: unknown } | undefined;
      const token = data?.csrfToken;
      if (typeof token !== 'string' || !token) {
        logger.warn('Could not get a CSRF token: the answer has no csrfToken');
        return undefined;
      }
      store(token);
      return token;
    } catch (error) {
      logger.warn('Could not get a CSRF token:', error);
      return undefined;
    }
  }

  function csrfToken(): Promise<string | undefined> {
    const stored = readStored();
    if (stored) return Promise.resolve(stored);
    // Concurrent calls share one token request.
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function request<T>(method: HttpMethod, path: string, body?: RequestBody): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: string | FormData | Blob | undefined;

    if (method !== 'GET') {
      const token = await csrfToken();
      if (token) headers[CSRF_HEADER] = token;
      if (isPlainObject(body)) {
        payload = JSON.stringify(token ? { ...body, _csrf: token } : body);
        headers['Content-Type'] = 'application/json';
      } else if (Array.isArray(body)) {
        payload = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      } else if (body !== undefined) {
        payload = body as string | FormData | Blob;
      }
    }

    const response = await doFetch(path, { method, headers, body: payload, credentials: 'include' });
    const text = await response.text();

    if (!response.ok) {
      const error = new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parseJson(text));
      // A refused token is dropped so the next call asks for a fresh one.
      if (isCsrfError(error)) clearCsrfToken();
      throw error;
    }

    if (!text) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? JSON.parse(text) : text) as T;
  }

  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    put: (path, body) => request('PUT', path, body),
    delete: (path, body) => request('DELETE', path, body),
    csrfToken,
    clearCsrfToken,
  };
}

/** The app's client. */
export const apiClient = createApiClient();

export const apiGet = <T>(path: string): Promise<T> => apiClient.get<T>(path);
export const apiPost = <T>(path: string, body?: RequestBody): Promise<T> => apiClient.post<T>(path, body);
export const apiPatch = <T>(path: string, body?: RequestBody): Promise<T> => apiClient.patch<T>(path, body);
export const apiPut = <T>(path: string, body?: RequestBody): Promise<T> => apiClient.put<T>(path, body);
export const apiDelete = <T>(path: string, body?: RequestBody): Promise<T> => apiClient.delete<T>(path, body);
export const clearCsrfToken = (): void => apiClient.clearCsrfToken();

/** The current user, or null when the server answers 401 ("401 gives null"). */
export async function getUser<T>(): Promise<T | null> {
  try {
    return await apiGet<T>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The default SWR fetcher: GET on the key (or the first element of an array key). */
export function swrFetcher<T>(key: string | readonly [string, ...unknown[]]): Promise<T> {
  return apiGet<T>(typeof key === 'string' ? key : key[0]);
}
