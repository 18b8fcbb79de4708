import { z } from 'zod';
import type { ErrorStatus } from './route-description';

/**
 * The body of every named error (platform/http/error-mapper.ts): `message` written for the user, `error`
 * repeating it, a `code` where the client branches on it, and `details` (a 400's fields).
 */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});

/** A 400 from a request's schema: the first problem in `message`, every one in `details`. */
export const validationErrorBodySchema = errorBodySchema.extend({
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** One reusable response per status, named as components/responses. */
export const errorResponses: Readonly<Record<ErrorStatus, { name: string; description: string }>> = {
  400: { name: 'BadRequest', description: 'The request is not valid: a field, the JSON, or a rule of the call (`details` lists the fields).' },
  401: { name: 'Unauthorized', description: 'No session or API key, or an expired, revoked or wrong one.' },
  403: { name: 'Forbidden', description: "A plan's limit reached, a missing CSRF token (cookie sessions), or a key without the scope the call needs." },
  404: { name: 'NotFound', description: 'No such record among the caller’s own.' },
  409: { name: 'Conflict', description: 'The record is not in a state that allows the call (already running, in use).' },
  413: { name: 'PayloadTooLarge', description: 'A body or file over its limit.' },
  415: { name: 'UnsupportedMediaType', description: 'A file or body type the call does not take.' },
  422: { name: 'UnprocessableContent', description: 'The file is not what it says it is, or cannot be read as media.' },
  429: { name: 'TooManyRequests', description: 'Too many calls or attempts; try again later (`Retry-After`).' },
  502: { name: 'ProviderFailed', description: 'An outside provider (writer, speech, a platform) failed; the message says what to do.' },
  503: { name: 'Unavailable', description: 'Interrupted or not available now; try again.' },
};
