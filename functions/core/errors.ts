import { requestTimeout } from '../contract/rules/request-timeout';

/**
 * Named errors of the product, and their one registry: each name's HTTP status and whether its
 * message is written for the user. The HTTP error mapper (platform/http/error-mapper.ts) answers with
 * the status; the pipeline's Retry/Catch match the name and MarkFailed shows the message only when
 * the registry says it is for the user; the realtime handler does the same for a failed frame.
 *
 * Names are given explicitly: Lambda bundles are minified, so a class's own name would not survive.
 */
export const errorRegistry = {
  ValidationError: { status: 400, shownToUser: true },
  NotAuthenticatedError: { status: 401, shownToUser: true },
  NotFoundError: { status: 404, shownToUser: true },
  ConflictError: { status: 409, shownToUser: true },
  LimitExceededError: { status: 403, shownToUser: true },
  /** A credential that may not do this (an API key without the route's scope, or on a route no key may call). */
  ForbiddenError: { status: 403, shownToUser: true },
  RateLimitedError: { status: 429, shownToUser: true },
  /** 429 or 5xx as the provider answered; the message says what a user can do. */
  ProviderError: { status: 502, shownToUser: true },
  InvalidMediaError: { status: 422, shownToUser: true },
  UnsupportedFileTypeError: { status: 415, shownToUser: true },
  FileTooLargeError: { status: 413, shownToUser: true },
  RecordTooLargeError: { status: 413, shownToUser: true },
  /** A run that cannot succeed by trying again (a clip deleted since the request, a limit reached). */
  VideoInputError: { status: 400, shownToUser: true },
  /** A provider or encoding failure of a voice-over. */
  AudioGenerationError: { status: 502, shownToUser: true },
  /** A run whose process or execution ended before it could finish (a restart, an aborted execution). */
  RunInterruptedError: { status: 503, shownToUser: true },
  // The transport's own refusals (platform/http/transport-errors.ts).
  MalformedBodyError: { status: 400, shownToUser: true },
  UnsupportedMediaTypeError: { status: 415, shownToUser: true },
  PayloadTooLargeError: { status: 413, shownToUser: true },
  CsrfError: { status: 403, shownToUser: true },
  RouteNotFoundError: { status: 404, shownToUser: true },
  MethodNotAllowedError: { status: 405, shownToUser: true },
  /** The request's work ran past the function's time (API Gateway's 29 s): answered just before it is cut off. */
  RequestTimeoutError: { status: requestTimeout.status, shownToUser: true },
} as const satisfies Record<string, { status: number; shownToUser: boolean }>;

export type ErrorName = keyof typeof errorRegistry;

export function isErrorName(name: string): name is ErrorName {
  return Object.prototype.hasOwnProperty.call(errorRegistry, name);
}

/** Whether an error of this name carries a message written for the user. */
export function isShownToUser(name: string | undefined): boolean {
  return name !== undefined && isErrorName(name) && errorRegistry[name].shownToUser;
}

export abstract class AppError extends Error {
  /** The registry's name for the class (each subclass names itself). */
  static readonly errorName: ErrorName;
  readonly status: number;
  constructor(
    message: string,
    readonly details?: unknown,
    readonly code?: string,
    status?: number,
  ) {
    super(message);
    const name = (new.target as unknown as { errorName: ErrorName }).errorName;
    this.name = name;
    this.status = status ?? errorRegistry[name].status;
  }
}

/**
 * The base of a named error class, which names it once: `class ConflictError extends namedError('ConflictError') {}`.
 * The name is a static, so minified bundles keep it.
 */
export function namedError<N extends ErrorName>(errorName: N) {
  return class extends AppError {
    static override readonly errorName: N = errorName;
  };
}

export class ValidationError extends namedError('ValidationError') {}
export class NotAuthenticatedError extends namedError('NotAuthenticatedError') {
  constructor(message = 'Not authenticated') {
    super(message);
  }
}
export class NotFoundError extends namedError('NotFoundError') {
  constructor(message = 'Not found') {
    super(message);
  }
}
export class ConflictError extends namedError('ConflictError') {}
export class LimitExceededError extends namedError('LimitExceededError') {}
export class RateLimitedError extends namedError('RateLimitedError') {}
export class ForbiddenError extends namedError('ForbiddenError') {}
/** An outside provider (the script writer, speech) failed; the message says what a user can do. */
export class ProviderError extends namedError('ProviderError') {
  declare readonly status: 429 | 502 | 503 | 504;
  constructor(message: string, status: 429 | 502 | 503 | 504, code?: string) {
    super(message, undefined, code, status);
  }
}
/** The bytes of an upload are not the declared kind of file, or cannot be read as media. */
export class InvalidMediaError extends namedError('InvalidMediaError') {}
/** A file type the product does not take. */
export class UnsupportedFileTypeError extends namedError('UnsupportedFileTypeError') {}
/** A file over the per-file limit. */
export class FileTooLargeError extends namedError('FileTooLargeError') {}
/** A record that would pass the database's item size limit (DynamoDB: 400 KB); nothing was written. */
export class RecordTooLargeError extends namedError('RecordTooLargeError') {}
/**
 * A run that cannot succeed by trying again (a clip deleted since the request, a limit reached): the
 * state machine does not retry it (its Retry lists the name with MaxAttempts 0) and MarkFailed shows
 * the message as it is.
 */
export class VideoInputError extends namedError('VideoInputError') {}
/** A provider or encoding failure: 502 `Failed to generate audio`, the reason in `details`. */
export const audioFailedMessage = 'Failed to generate audio';
export class AudioGenerationError extends namedError('AudioGenerationError') {
  constructor(reason: string) {
    super(audioFailedMessage, reason, 'AUDIO_GENERATION_FAILED');
  }
}
/** A run that ended with the process or execution running it, not by its own failure; the message says what to do. */
export class RunInterruptedError extends namedError('RunInterruptedError') {}
