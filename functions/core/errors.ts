/**
 * Named errors of the domain. Each maps to one HTTP status in exactly one place
 * (functions/platform/http/error-mapper.ts); `message` is safe to show a user.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly details?: unknown,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  readonly status = 400;
}
export class NotAuthenticatedError extends AppError {
  readonly status = 401;
  constructor(message = 'Not authenticated') {
    super(message);
  }
}
export class ForbiddenError extends AppError {
  readonly status = 403;
}
export class NotFoundError extends AppError {
  readonly status = 404;
  constructor(message = 'Not found') {
    super(message);
  }
}
export class ConflictError extends AppError {
  readonly status = 409;
}
export class LimitExceededError extends AppError {
  readonly status = 403;
}
export class RateLimitedError extends AppError {
  readonly status = 429;
}
/** An outside provider (the script writer, speech) failed; the message says what a user can do. */
export class ProviderError extends AppError {
  constructor(
    message: string,
    readonly status: 429 | 502 | 503 | 504,
    code?: string,
  ) {
    super(message, undefined, code);
  }
}
/** The bytes of an upload are not the declared kind of file, or cannot be read as media. */
export class InvalidMediaError extends AppError {
  readonly status = 422;
}
/** A file type the product does not take. */
export class UnsupportedFileTypeError extends AppError {
  readonly status = 415;
}
/** A file over the per-file limit. */
export class FileTooLargeError extends AppError {
  readonly status = 413;
}
/** A record that would pass the database's item size limit (DynamoDB: 400 KB); nothing was written. */
export class RecordTooLargeError extends AppError {
  readonly status = 413;
}
