import { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteDefinition } from '../routes';
import { IdempotencyKeyInUseError, IdempotencyKeyInvalidError, IdempotencyKeyReusedError } from './transport-errors';

/**
 * Calls made once (the IETF `Idempotency-Key` header, draft-ietf-httpapi-idempotency-key-header): the first
 * answer to a key is kept 24 hours and replayed for the same key and request; the same key with another
 * request is a 422, and a second call while the first still runs a 409. Powertools' Idempotency utility does
 * the claiming, checking and replaying; its records sit in the caller's partition (adapters/aws/dynamo/idempotency-records.ts).
 */

export const idempotencyWindowSeconds = 24 * 60 * 60;
/** Said on an answer that is the replay of a first one. */
export const replayedHeader = 'idempotent-replayed';

/** Where a user's calls with a key are recorded: one store per user and request. */
export interface IdempotencyStores {
  forUser(userId: string): BasePersistenceLayer;
}

/** The calls that take a key: every POST a signed-in user makes (they create, spend a limit or start work). */
export function takesIdempotencyKey(route: RouteDefinition): boolean {
  return route.method === 'POST' && route.auth === 'session';
}

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * The request's key, or undefined when it sends none. The draft's form is a Structured Field string
 * (`"abc"`); a bare token (as Stripe takes it) is read the same.
 */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2): string | undefined {
  const raw = event.headers?.['idempotency-key'] ?? event.headers?.['Idempotency-Key'];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (!keyPattern.test(key)) throw new IdempotencyKeyInvalidError();
  return key;
}

/** What makes two calls the same request: the route, the path, the query and the body. */
export interface CallFingerprint {
  route: string;
  path: string;
  query: string;
  body: JSONValue;
}

type Answer = APIGatewayProxyStructuredResultV2;

/**
 * Runs `answer` once for the user's `key`: the first call's answer (without cookies, which belong to each
 * request) is kept, a repeat gets it back with `Idempotent-Replayed: true`. A call that fails keeps nothing,
 * so it may be tried again with the same key.
 */
export async function answeredOnce(
  store: BasePersistenceLayer,
  call: { key: string; fingerprint: CallFingerprint },
  context: Context,
  answer: () => Promise<Answer>,
): Promise<Answer> {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'fingerprint',
    expiresAfterSeconds: idempotencyWindowSeconds,
    hashFunction: 'sha256',
    responseHook: (response) => {
      const kept = response as Answer;
      return { ...kept, headers: { ...kept.headers, [replayedHeader]: 'true' } } as JSONValue;
    },
  });
  if (typeof context.getRemainingTimeInMillis === 'function') config.registerLambdaContext(context);
  const once = makeIdempotent(async (_call: { key: string; fingerprint: CallFingerprint }) => answer() as Promise<JSONValue>, {
    persistenceStore: store,
    config,
    // One namespace for every area's function: a key is the user's across the whole API.
    keyPrefix: 'api',
  });
  try {
    return (await once(call)) as Answer;
  } catch (error) {
    if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReusedError();
    if (error instanceof IdempotencyAlreadyInProgressError) throw new IdempotencyKeyInUseError();
    throw error;
  }
}
