import { requestTimeout } from '../../contract/rules/request-timeout';
import { AppError, type ErrorName } from '../../core/errors';

/** Errors of the HTTP transport itself (not of the domain). Mapped with the domain's in error-mapper. */

/** A transport error that always says the same thing. */
function fixedMessageError(errorName: ErrorName, message: string, code?: string) {
  return class extends AppError {
    static override readonly errorName = errorName;
    constructor() {
      super(message, undefined, code);
    }
  };
}

export const MalformedBodyError = fixedMessageError('MalformedBodyError', 'Request body is not valid JSON');
export const UnsupportedMediaTypeError = fixedMessageError('UnsupportedMediaTypeError', 'Content-Type must be application/json');
export const CsrfError = fixedMessageError('CsrfError', 'Invalid CSRF token', 'EBADCSRFTOKEN');
export const RouteNotFoundError = fixedMessageError('RouteNotFoundError', 'Not found');
export const IdempotencyKeyInvalidError = fixedMessageError(
  'IdempotencyKeyInvalidError',
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters',
  'IDEMPOTENCY_KEY_INVALID',
);
export const IdempotencyKeyReusedError = fixedMessageError(
  'IdempotencyKeyReusedError',
  'This Idempotency-Key was already used with a different request',
  'IDEMPOTENCY_KEY_REUSED',
);
export const IdempotencyKeyInUseError = fixedMessageError(
  'IdempotencyKeyInUseError',
  'A request with this Idempotency-Key is still being processed; try again in a moment',
  'IDEMPOTENCY_KEY_IN_USE',
);
export const RequestTimeoutError = fixedMessageError('RequestTimeoutError', requestTimeout.message, requestTimeout.code);

/** What middy throws a few milliseconds before the function's time runs out (its `timeoutEarlyResponse`). */
export function isFunctionTimeout(error: Error): boolean {
  return error.name === 'TimeoutError' && (error.cause as { package?: unknown } | undefined)?.package === '@middy/core';
}

export class PayloadTooLargeError extends AppError {
  static override readonly errorName = 'PayloadTooLargeError';
  constructor(limitBytes: number) {
    super(`Request body is too large (limit ${Math.round(limitBytes / 1024)} KB)`);
  }
}
export class MethodNotAllowedError extends AppError {
  static override readonly errorName = 'MethodNotAllowedError';
  constructor(readonly allow: string[]) {
    super('Method not allowed');
  }
}
