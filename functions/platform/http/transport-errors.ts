import { AppError } from '../../core/errors';

/** Errors of the HTTP transport itself (not of the domain). Mapped with the domain's in error-mapper. */
export class MalformedBodyError extends AppError {
  readonly status = 400;
  constructor() {
    super('Request body is not valid JSON');
  }
}
export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  constructor() {
    super('Content-Type must be application/json');
  }
}
export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  constructor(limitBytes: number) {
    super(`Request body is too large (limit ${Math.round(limitBytes / 1024)} KB)`);
  }
}
export class CsrfError extends AppError {
  readonly status = 403;
  constructor() {
    super('Invalid CSRF token', undefined, 'EBADCSRFTOKEN');
  }
}
export class RouteNotFoundError extends AppError {
  readonly status = 404;
  constructor() {
    super('Not found');
  }
}
export class MethodNotAllowedError extends AppError {
  readonly status = 405;
  constructor(readonly allow: string[]) {
    super('Method not allowed');
  }
}
