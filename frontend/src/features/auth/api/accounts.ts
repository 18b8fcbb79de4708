import { ApiError, apiClient, apiGet, apiPost } from '@/lib/api-client';
import type { PublicUser } from '@contract/users';

/**
 * The account calls. Every non-GET call goes through the API
 * client, which adds the anti-forgery token. Errors are `ApiError` (the server answered) or anything
 * else (the request never got an answer: network down, server unreachable).
 */

export interface MessageAnswer {
  message?: string;
}

export interface RegisterAnswer extends MessageAnswer {
  email?: string;
}

export const login = (username: string, password: string) => apiPost<PublicUser>('/api/login', { username, password });

export const register = (input: { username: string; email: string; password: string; name?: string }) => apiPost<RegisterAnswer>('/api/register', input);

export const verifyEmailCode = (email: string, code: string) => apiPost<MessageAnswer>('/api/verify-email-code', { email, code });

export const verifyEmailToken = (token: string) => apiGet<MessageAnswer>(`/api/verify-email?token=${encodeURIComponent(token)}`);

export const resendVerificationCode = (email: string) => apiPost<MessageAnswer>('/api/resend-verification-code', { email });

export const resendVerificationLink = (email: string) => apiPost<MessageAnswer>('/api/resend-verification', { email });

export const forgotPassword = (email: string) => apiPost<MessageAnswer>('/api/forgot-password', { email });

export const verifyResetCode = (email: string, code: string) => apiPost<MessageAnswer>('/api/verify-reset-code', { email, code });

export const resetPasswordWithCode = (email: string, code: string, password: string) =>
  apiPost<MessageAnswer>('/api/reset-password-with-code', { email, code, password });

export const resetPasswordWithToken = (token: string, password: string) =>
  apiPost<MessageAnswer>(`/api/reset-password?token=${encodeURIComponent(token)}`, { password });

/**
 * Fetches the anti-forgery token into session storage (the sign-in page does this
 * on load). Always a fresh `GET /api/csrf-token`, so a token left over from an earlier session cannot
 * make the first sign-in attempt fail; a failure is only logged by the client.
 */
export function prefetchCsrfToken(): Promise<string | undefined> {
  apiClient.clearCsrfToken();
  return apiClient.csrfToken();
}

/**
 * The server's own words for a failure (its `message`, else its `error`: the server sends both with
 * the same text, and the product's (docs/product.md#conventions) API reads `error`). Undefined when there is no answer body.
 */
export function serverError(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** True when the request got no answer at all (the server did not respond). */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError);
}
