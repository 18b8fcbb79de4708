import type { z } from 'zod';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { asCursorError, decodePageCursor, encodePageCursor, type CursorScope } from './cursor';
import { guardItemSizes } from './item-size';
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
    options.startAfterSortKey !== undefined && !options.index ? { pk: options.partitionKey, sk: options.startAfterSortKey } : decodePageCursor(options.cursor, scope);
  const pkName = options.index ? `${options.index}pk` : 'pk';
  const skName = options.index ? `${options.index}sk` : 'sk';
  const input: QueryCommandInput = {
    TableName: table.tableName,
    IndexName: options.index,
    KeyConditionExpression:
      options.sortKeyPrefix !== undefined ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': pkName, ...(options.sortKeyPrefix !== undefined ? { '#sk': skName } : {}) },
    ExpressionAttributeValues: {
      ':pk': options.partitionKey,
      ...(options.sortKeyPrefix !== undefined ? { ':prefix': options.sortKeyPrefix } : {}),
    },
    Limit: options.limit,
    ExclusiveStartKey: start,
    ScanIndexForward: !options.newestFirst,
  };
  const result = await table.client.send(new QueryCommand(input)).catch((error: unknown) => {
    throw asCursorError(error, options.cursor);
  });
  return {
    items: (result.Items ?? []).map((item) => schema.parse(item)),
    cursor: encodePageCursor(result.LastEvaluatedKey, scope),
  };
}

/** Every item of a partition (bounded use only: small per-user collections). */
export async function queryAll<T>(table: TableRef, schema: z.ZodType<T>, options: Omit<QueryPageOptions, 'cursor'>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage(table, schema, { ...options, cursor });
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');
}
