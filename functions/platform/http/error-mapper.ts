import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from '../../core/errors';
import { MethodNotAllowedError } from './transport-errors';

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/**
 * The one place errors become HTTP answers: `{ message, code?, details? }` for every named error
 * (4xx), and a bare message for anything else (5xx), which never says anything internal.
 */
export function mapError(error: Error): APIGatewayProxyStructuredResultV2 {
  if (error instanceof AppError) {
    // `error` repeats the message: the product's (docs/product.md#conventions) recovery and verification pages read that field.
    const body: Record<string, unknown> = { message: error.message, error: error.message };
    if (error.code) body.code = error.code;
    if (error.details !== undefined) body.details = error.details;
    const headers: Record<string, string> = error instanceof MethodNotAllowedError ? { allow: error.allow.join(', ') } : {};
    return jsonResponse(error.status, body, headers);
  }
  return jsonResponse(500, { message: 'Internal server error' });
}
