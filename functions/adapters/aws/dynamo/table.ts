import type { z } from 'zod';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { asCursorError, decodePageCursor, encodePageCursor, type CursorScope } from './cursor';
import { conditionExpression, Placeholders, type Condition } from './expressions';
import { guardItemSizes } from './item-size';
import type { ItemKey } from './keys';
import type { IndexName } from '../../../platform/table-schema';

/**
 * The table's client; every write it sends is checked against DynamoDB's item size and depth limits first (item-size.ts).
 *
 * Without a `logger` in the configuration the SDK logs to a no-op logger, yet its logger middleware still
 * builds a copy of every request and response filtered for sensitive fields, walking every attribute of
 * every item read (a quarter of the client's CPU on a listing of 75 scripts). It is removed then: nothing
 * it produced was ever written anywhere.
 */
export function createDocumentClient(config: DynamoDBClientConfig): DynamoDBDocumentClient {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  if (!config.logger) client.middlewareStack.remove('loggerMiddleware');
  return guardItemSizes(client);
}

export interface TableRef {
  client: DynamoDBDocumentClient;
  tableName: string;
}

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to read the next page. Absent on the last page. */
  cursor?: string;
}

export interface QueryPageOptions {
  partitionKey: string;
  sortKeyPrefix?: string;
  index?: IndexName;
  limit?: number;
  cursor?: string;
  /** Start after this item of the listing instead of a cursor (its sort key). */
  startAfterSortKey?: string;
  newestFirst?: boolean;
  /** The items' table partition when querying an index (default: `partitionKey`). */
  basePartition?: string;
  /** Sort keys from `from` to `to`, both included (instead of a prefix). */
  sortKeyBetween?: { from: string; to: string };
  /** Sort keys up to this one, included (instead of a prefix). */
  sortKeyAtMost?: string;
  /** A filter applied after the key condition. */
  filter?: Condition;
  /** Only these attributes are read. */
  attributes?: readonly string[];
  consistentRead?: boolean;
}

function cursorScope(options: QueryPageOptions): CursorScope {
  return options.index
    ? { ownerPartition: options.basePartition ?? options.partitionKey, index: options.index, indexPartition: options.partitionKey }
    : { ownerPartition: options.partitionKey, sortKeyPrefix: options.sortKeyPrefix };
}

/** One page of a partition, optionally narrowed to a sort-key prefix, parsed by `schema`. */
export async function queryPage<T>(table: TableRef, schema: z.ZodType<T>, options: QueryPageOptions): Promise<Page<T>> {
  const scope = cursorScope(options);
  const start =
    options.startAfterSortKey !== undefined && !options.index
      ? { pk: options.partitionKey, sk: options.startAfterSortKey }
      : decodePageCursor(options.cursor, scope);
  const result = await table.client.send(new QueryCommand(queryInput(table, options, start))).catch((error: unknown) => {
    throw asCursorError(error, options.cursor);
  });
  return {
    items: (result.Items ?? []).map((item) => schema.parse(item)),
    cursor: encodePageCursor(result.LastEvaluatedKey, scope),
  };
}

/** The Query of a page: the key condition (partition, then a prefix or a range of sort keys), filter and projection. */
function queryInput(table: TableRef, options: QueryPageOptions, start: Record<string, unknown> | undefined): QueryCommandInput {
  const p = new Placeholders('k');
  const pk = p.name(options.index ? `${options.index}pk` : 'pk');
  const sk = () => p.name(options.index ? `${options.index}sk` : 'sk');
  let condition = `${pk} = ${p.value(options.partitionKey)}`;
  if (options.sortKeyBetween) condition += ` AND ${sk()} BETWEEN ${p.value(options.sortKeyBetween.from)} AND ${p.value(options.sortKeyBetween.to)}`;
  else if (options.sortKeyAtMost !== undefined) condition += ` AND ${sk()} <= ${p.value(options.sortKeyAtMost)}`;
  else if (options.sortKeyPrefix !== undefined) condition += ` AND begins_with(${sk()}, ${p.value(options.sortKeyPrefix)})`;
  return {
    TableName: table.tableName,
    IndexName: options.index,
    KeyConditionExpression: condition,
    FilterExpression: options.filter ? conditionExpression(options.filter, p) : undefined,
    ProjectionExpression: options.attributes?.map((attribute) => p.name(attribute)).join(', '),
    ...p.attributes(),
    Limit: options.limit,
    ExclusiveStartKey: start,
    ScanIndexForward: !options.newestFirst,
    ConsistentRead: options.consistentRead,
  };
}

/**
 * One Query of a partition as DynamoDB answers it (items unparsed, where it stopped), for a reader that
 * pages by start keys itself (`pagesOf`): the media library's page N, its search.
 */
export function queryOnce(table: TableRef, options: Omit<QueryPageOptions, 'cursor' | 'startAfterSortKey'>, start?: StartKey) {
  return table.client.send(new QueryCommand(queryInput(table, options, start)));
}

/** One Scan page of the whole table, filtered: the sweep for work left in flight (never a request's read). */
export function scanOnce(table: TableRef, options: { limit: number; filter: Condition; attributes: readonly string[] }, start?: StartKey) {
  const p = new Placeholders('s');
  const FilterExpression = conditionExpression(options.filter, p);
  const ProjectionExpression = options.attributes.map((attribute) => p.name(attribute)).join(', ');
  return table.client.send(
    new ScanCommand({ TableName: table.tableName, Limit: options.limit, ExclusiveStartKey: start, FilterExpression, ProjectionExpression, ...p.attributes() }),
  );
}

/** The items behind `wanted` (BatchGetItem, 100 at a time, what it leaves unprocessed read again), in no order. */
export async function batchGet(
  table: TableRef,
  wanted: readonly ItemKey[],
  options: { consistent?: boolean; attempts?: number } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < wanted.length; i += 100) {
    let keysLeft: Record<string, unknown>[] | undefined = wanted.slice(i, i + 100).map((key) => ({ pk: key.pk, sk: key.sk }));
    for (let attempt = 0; keysLeft && keysLeft.length > 0 && attempt < (options.attempts ?? 5); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result: BatchGetCommandOutput = await table.client.send(
        new BatchGetCommand({ RequestItems: { [table.tableName]: { Keys: keysLeft, ConsistentRead: options.consistent } } }),
      );
      found.push(...(result.Responses?.[table.tableName] ?? []));
      keysLeft = result.UnprocessedKeys?.[table.tableName]?.Keys;
    }
    if (keysLeft && keysLeft.length > 0) throw new Error(`BatchGet left ${keysLeft.length} keys unread`);
  }
  return found;
}

/** Deletes the items of `keys` (BatchWriteItem, 25 at a time, what it leaves unprocessed sent again). */
export async function batchDelete(table: TableRef, keys: readonly ItemKey[]): Promise<void> {
  for (let index = 0; index < keys.length; index += 25) {
    let requests: Record<string, unknown>[] = keys.slice(index, index + 25).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error('DynamoDB kept items unprocessed');
      const result = await table.client.send(new BatchWriteCommand({ RequestItems: { [table.tableName]: requests } }));
      requests = (result.UnprocessedItems?.[table.tableName] ?? []) as Record<string, unknown>[];
    }
  }
}

/** Where DynamoDB stopped reading: the key to start the next page from. */
export type StartKey = Record<string, unknown>;

/**
 * The one pager over DynamoDB's pages: every answer `read(start)` gives, from `start` until the last page. A
 * caller that has read enough stops with `break`; the page it stopped on carries the key to go on from. Query and
 * Scan loops in the adapters all page through here.
 */
export async function* pagesOf<Answer extends { LastEvaluatedKey?: StartKey }>(
  read: (start: StartKey | undefined) => Promise<Answer>,
  start?: StartKey,
): AsyncGenerator<Answer> {
  let next = start;
  do {
    const answer = await read(next);
    yield answer;
    next = answer.LastEvaluatedKey;
  } while (next);
}

/** How many items a query matches, counted by DynamoDB page by page (nothing is read back). */
export async function queryCount(table: TableRef, options: Omit<QueryPageOptions, 'cursor' | 'limit' | 'attributes'>): Promise<number> {
  let total = 0;
  for await (const page of pagesOf((start) => table.client.send(new QueryCommand({ ...queryInput(table, options, start), Select: 'COUNT' }))))
    total += page.Count ?? 0;
  return total;
}

/**
 * Every item of a partition (bounded use only: small per-user collections), page by page; with `max`,
 * it stops once more than `max` are read (at most `max + 1`, so the caller can tell there are more).
 */
export async function queryAll<T>(
  table: TableRef,
  schema: z.ZodType<T>,
  options: Omit<QueryPageOptions, 'cursor' | 'limit'> & { max?: number; pageSize?: number },
): Promise<T[]> {
  const { max, pageSize, ...query } = options;
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const limit = max === undefined ? pageSize : Math.min(pageSize ?? 1_000, max + 1 - all.length);
    const page = await queryPage(table, schema, { ...query, limit, cursor });
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor && (max === undefined || all.length <= max));
  return all;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');
}

/** A command's input without the table's name, which the helpers below fill in (the entity's writes: entity.ts builds their expressions). */
type OnTable<Input> = Omit<Input, 'TableName'>;

/** One GetItem: the stored item (only `attributes` of it when given), or undefined. */
export async function getItem(
  table: TableRef,
  key: ItemKey,
  options: { consistent?: boolean; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown> | undefined> {
  const p = new Placeholders('g');
  const ProjectionExpression = options.attributes?.map((attribute) => p.name(attribute)).join(', ');
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: options.consistent, ProjectionExpression, ...p.attributes() }),
  );
  return Item;
}

export function putItem(table: TableRef, input: OnTable<PutCommandInput>) {
  return table.client.send(new PutCommand({ TableName: table.tableName, ...input }));
}

export function updateItem(table: TableRef, input: OnTable<UpdateCommandInput>) {
  return table.client.send(new UpdateCommand({ TableName: table.tableName, ...input }));
}

export function deleteItem(table: TableRef, input: OnTable<DeleteCommandInput>) {
  return table.client.send(new DeleteCommand({ TableName: table.tableName, ...input }));
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One TransactWriteItems: every item written, or none. */
export function transactWrite(table: TableRef, items: TransactItem[]) {
  return table.client.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * What a conditional write gave, or what `otherwise` gives when its condition failed (it is handed the failure,
 * whose cancellation reasons tell which item of a transaction refused); any other error is thrown.
 */
export async function ifConditionFails<T, U>(write: Promise<T>, otherwise: (failure: unknown) => U | Promise<U>): Promise<T | U> {
  try {
    return await write;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return otherwise(error);
  }
}

/** Whether a conditional write was made: false when its condition failed. */
export function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  return ifConditionFails(
    write.then(() => true),
    () => false,
  );
}

/** A conditional write whose failed condition means there is nothing to do. */
export async function unlessConditionFails(write: Promise<unknown>): Promise<void> {
  await ifConditionFails(write, () => undefined);
}
