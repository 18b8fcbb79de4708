import { ApiError } from './api-client';

/**
 * The toast's description for a failed call: the server's own message when it was written for the user,
 * else the screen's fallback text. Every named error of the server (a 4xx, and the 502/503/504 a provider
 * or an interrupted run answers) carries its message in both `message` and `error`; the catch-all 500, and
 * a gateway's own 5xx, carry only a bare `message` that says nothing a user can act on.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const message = error.serverMessage;
  if (message === undefined) return fallback;
  return error.status < 500 || namedByServer(error.body) ? message : fallback;
}

function namedByServer(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { message, error } = body as { message?: unknown; error?: unknown };
  return typeof error === 'string' && error === message;
}
