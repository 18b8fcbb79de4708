import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RecordTooLargeError, ValidationError } from '../../../core/errors';

/**
 * The one guard on the size and depth of what is written to the table. Every write the
 * document client sends (PutItem, UpdateItem, TransactWriteItems, BatchWriteItem) is measured as
 * DynamoDB measures it, from the marshalled request body, before it is sent: an item over 400 KB is
 * a 413 RecordTooLargeError and an item nested deeper than 32 levels a 400, with nothing written.
 * DynamoDB's own refusals of the same kind (an update that grows an item past the limit, which only
 * the table can know) become the same named errors instead of a 500.
 */

/** DynamoDB's item size limit, attribute names included. */
export const maxItemBytes = 400 * 1024;
/** DynamoDB's limit on nested lists and maps. */
export const maxNestingLevels = 32;

export const recordMessages = {
  tooDeep: `The record is nested too deeply to save (at most ${maxNestingLevels} levels)`,
  tooLarge: (bytes?: number) =>
    bytes === undefined
      ? `The record is too large to save (at most ${maxItemBytes / 1024} KB)`
      : `The record is too large to save (${Math.ceil(bytes / 1024)} KB; at most ${maxItemBytes / 1024} KB)`,
} as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Bytes of a number as DynamoDB counts them: one per two significant digits, plus one. */
function numberBytes(text: string): number {
  const digits = text
    .replace(/[eE].*$/, '')
    .replace(/[^0-9]/g, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

const base64Bytes = (text: string) => Buffer.from(text, 'base64').byteLength;

/** The size of one marshalled attribute value (`{S: …}`, `{M: …}`, …), without its name. */
export function attributeValueBytes(value: unknown): number {
  if (!isObject(value)) return 0;
  const [type, inner] = Object.entries(value)[0] ?? [];
  switch (type) {
    case 'S':
      return typeof inner === 'string' ? utf8(inner) : 0;
    case 'N':
      return typeof inner === 'string' ? numberBytes(inner) : 0;
    case 'B':
      return typeof inner === 'string' ? base64Bytes(inner) : 0;
    case 'BOOL':
    case 'NULL':
      return 1;
    case 'SS':
      return Array.isArray(inner) ? inner.reduce<number>((sum, s) => sum + (typeof s === 'string' ? utf8(s) : 0), 0) : 0;
    case 'NS':
      return Array.isArray(inner) ? inner.reduce<number>((sum, n) => sum + (typeof n === 'string' ? numberBytes(n) : 0), 0) : 0;
    case 'BS':
      return Array.isArray(inner) ? inner.reduce<number>((sum, b) => sum + (typeof b === 'string' ? base64Bytes(b) : 0), 0) : 0;
    case 'L':
      return Array.isArray(inner) ? 3 + inner.reduce<number>((sum, element) => sum + 1 + attributeValueBytes(element), 0) : 3;
    case 'M':
      return isObject(inner) ? 3 + Object.entries(inner).reduce((sum, [name, element]) => sum + 1 + utf8(name) + attributeValueBytes(element), 0) : 3;
    default:
      return 0;
  }
}

/** How many lists and maps are nested in a marshalled value (a scalar is 0, `{M: {}}` is 1). */
export function nestingDepth(value: unknown): number {
  if (!isObject(value)) return 0;
  const [type, inner] = Object.entries(value)[0] ?? [];
  if (type === 'L' && Array.isArray(inner)) return 1 + Math.max(0, ...inner.map(nestingDepth));
  if (type === 'M' && isObject(inner)) return 1 + Math.max(0, ...Object.values(inner).map(nestingDepth));
  return 0;
}

/** The size of a marshalled item (attribute names and values), as DynamoDB counts it against 400 KB. */
export function itemBytes(item: unknown): number {
  if (!isObject(item)) return 0;
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + attributeValueBytes(value), 0);
}

/** Throws the named error when a marshalled item is too large or nested too deeply to be written. */
export function assertItemFits(item: unknown): void {
  if (!isObject(item)) return;
  const depth = Math.max(0, ...Object.values(item).map(nestingDepth));
  if (depth > maxNestingLevels) throw new ValidationError(recordMessages.tooDeep, { depth, maxDepth: maxNestingLevels }, 'RECORD_TOO_DEEP');
  const bytes = itemBytes(item);
  if (bytes > maxItemBytes) throw new RecordTooLargeError(recordMessages.tooLarge(bytes), { sizeBytes: bytes, maxBytes: maxItemBytes }, 'RECORD_TOO_LARGE');
}

/**
 * What an update writes at the least: its key and every value it names. The rest of the item is the
 * table's to know (its refusal is mapped below); this catches an update whose new values alone pass.
 */
function updateFloor(update: JsonObject): JsonObject {
  const values = isObject(update.ExpressionAttributeValues) ? update.ExpressionAttributeValues : {};
  return { ...(isObject(update.Key) ? update.Key : {}), ...values };
}

/** The items a write request body puts (whole) or updates (their floor), by operation. */
export function writtenItems(operation: string, body: JsonObject): JsonObject[] {
  const items: JsonObject[] = [];
  const add = (value: Json | undefined) => {
    if (isObject(value)) items.push(value);
  };
  switch (operation) {
    case 'PutItem':
      add(body.Item);
      break;
    case 'UpdateItem':
      items.push(updateFloor(body));
      break;
    case 'TransactWriteItems':
      for (const entry of Array.isArray(body.TransactItems) ? body.TransactItems : []) {
        if (!isObject(entry)) continue;
        if (isObject(entry.Put)) add(entry.Put.Item);
        if (isObject(entry.Update)) items.push(updateFloor(entry.Update));
      }
      break;
    case 'BatchWriteItem':
      for (const requests of Object.values(isObject(body.RequestItems) ? body.RequestItems : {})) {
        for (const request of Array.isArray(requests) ? requests : []) {
          if (isObject(request) && isObject(request.PutRequest)) add(request.PutRequest.Item);
        }
      }
      break;
  }
  return items;
}

const writeOperations = new Set(['PutItem', 'UpdateItem', 'TransactWriteItems', 'BatchWriteItem']);

/** DynamoDB's own words when an item (or an update of one) is over the limit, or nested too deeply. */
function asRecordError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'ValidationException') return error;
  if (/item size (to update )?has exceeded the maximum allowed size/i.test(error.message)) {
    return new RecordTooLargeError(recordMessages.tooLarge(), { maxBytes: maxItemBytes }, 'RECORD_TOO_LARGE');
  }
  if (/nesting levels have exceeded/i.test(error.message))
    return new ValidationError(recordMessages.tooDeep, { maxDepth: maxNestingLevels }, 'RECORD_TOO_DEEP');
  return error;
}

interface HttpRequestLike {
  headers: Record<string, string | undefined>;
  body?: unknown;
}

const isHttpRequest = (value: unknown): value is HttpRequestLike =>
  typeof value === 'object' && value !== null && 'headers' in value && typeof (value as { headers: unknown }).headers === 'object';

function targetOf(request: HttpRequestLike): string | undefined {
  const target = request.headers['x-amz-target'] ?? request.headers['X-Amz-Target'];
  return target?.split('.').pop();
}

const utf8Decoder = new TextDecoder();

function parsedBody(body: unknown): JsonObject | undefined {
  // The SDK's JSON body is bytes (a Uint8Array that also answers string methods, with a warning).
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? utf8Decoder.decode(body) : undefined;
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Checks every write request the body of which is DynamoDB JSON; run on the client's build step. */
export function checkWriteRequest(request: unknown): void {
  if (!isHttpRequest(request)) return;
  const operation = targetOf(request);
  if (!operation || !writeOperations.has(operation)) return;
  const body = parsedBody(request.body);
  if (!body) return;
  for (const item of writtenItems(operation, body)) assertItemFits(item);
}

const guarded = new WeakSet<object>();

/** Installs the guard on a document client (once; the client shares its stack with the base client). */
export function guardItemSizes<T extends DynamoDBDocumentClient>(client: T): T {
  if (guarded.has(client.middlewareStack)) return client;
  guarded.add(client.middlewareStack);
  client.middlewareStack.add(
    (next) => async (args) => {
      checkWriteRequest(args.request);
      try {
        return await next(args);
      } catch (error) {
        throw asRecordError(error);
      }
    },
    { step: 'build', name: 'reelsmithItemSizeGuard', override: true },
  );
  return client;
}
