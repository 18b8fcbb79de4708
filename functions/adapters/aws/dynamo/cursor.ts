import { z } from 'zod';
import { ValidationError } from '../../../core/errors';
import type { IndexName } from '../../../platform/table-schema';

/**
 * Where a paged query runs. Partition keys never travel in a cursor: they always come from here,
 * that is from the session's user, so a cursor cannot point a query at another partition.
 */
export interface CursorScope {
  /** The table partition every item of the listing lives in (`USER#<id>`). */
  ownerPartition: string;
  /** The index queried, if any, and its partition value. */
  index?: IndexName;
  indexPartition?: string;
  /** Every item of the listing has a sort key starting with this (the record type's prefix). */
  sortKeyPrefix?: string;
}

const invalidCursor = () => new ValidationError('Invalid cursor', undefined, 'INVALID_CURSOR');

/**
 * What a cursor carries: the listing it belongs to (`x`: the index, or `t` for the table), the last
 * item's sort key and, on an index, its index sort value.
 */
const cursorSchema = z
  .object({
    x: z.string().min(1).max(16),
    s: z.string().min(1).max(1024),
    i: z.union([z.string().min(1).max(1024), z.number().finite()]).optional(),
  })
  .strict();

const listingOf = (scope: CursorScope) => scope.index ?? 't';

/** An opaque cursor for the key DynamoDB answered as LastEvaluatedKey. */
export function encodePageCursor(lastKey: Record<string, unknown> | undefined, scope: CursorScope): string | undefined {
  if (!lastKey) return undefined;
  const sk = lastKey.sk;
  const indexSort = scope.index ? lastKey[`${scope.index}sk`] : undefined;
  if (typeof sk !== 'string') return undefined;
  const body: z.infer<typeof cursorSchema> = {
    x: listingOf(scope),
    s: sk,
    ...(typeof indexSort === 'string' || typeof indexSort === 'number' ? { i: indexSort } : {}),
  };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * The start key a cursor stands for, rebuilt with the scope's partitions; anything that is not a
 * cursor this listing could have made (bad encoding, extra fields, another listing's cursor, a sort key
 * of another record type, a missing index position) is a 400, never a query.
 */
export function decodePageCursor(cursor: string | undefined, scope: CursorScope): Record<string, string | number> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) throw invalidCursor();
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw invalidCursor();
  }
  if (parsed.x !== listingOf(scope)) throw invalidCursor();
  if (scope.sortKeyPrefix !== undefined && !parsed.s.startsWith(scope.sortKeyPrefix)) throw invalidCursor();
  const key: Record<string, string | number> = { pk: scope.ownerPartition, sk: parsed.s };
  if (scope.index) {
    if (parsed.i === undefined || scope.indexPartition === undefined) throw invalidCursor();
    key[`${scope.index}pk`] = scope.indexPartition;
    key[`${scope.index}sk`] = parsed.i;
  } else if (parsed.i !== undefined) throw invalidCursor();
  return key;
}

/** DynamoDB refuses a start key that does not fit the query (wrong key type): that is a bad cursor. */
export function asCursorError(error: unknown, cursor: string | undefined): unknown {
  if (cursor && error instanceof Error && error.name === 'ValidationException') return invalidCursor();
  return error;
}
