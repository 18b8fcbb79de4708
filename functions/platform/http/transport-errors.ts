import { AppError } from '../../core/errors';

/** Errors of the HTTP transport itself (not of the domain). Mapped with the domain's in error-mapper. */
export class MalformedBodyError extends AppError {
  static override readonly errorName = 'MalformedBodyError';
  constructor() {
    super('Request body is not valid JSON');
  }
}
export class UnsupportedMediaTypeError extends AppError {
  static override readonly errorName = 'UnsupportedMediaTypeError';
  constructor() {
    super('Content-Type must be application/json');
  }
}
export class PayloadTooLargeError extends AppError {
  static override readonly errorName = 'PayloadTooLargeError';
  constructor(limitBytes: number) {
    super(`Request body is too large (limit ${Math.round(limitBytes / 1024)} KB)`);
  }
}
export class CsrfError extends AppError {
  static override readonly errorName = 'CsrfError';
  constructor() {
    super('Invalid CSRF token', undefined, 'EBADCSRFTOKEN');
  }
}
export class RouteNotFoundError extends AppError {
  static override readonly errorName = 'RouteNotFoundError';
  constructor() {
    super('Not found');
  }
}
export class MethodNotAllowedError extends AppError {
  static override readonly errorName = 'MethodNotAllowedError';
  constructor(readonly allow: string[]) {
    super('Method not allowed');
  }
}
