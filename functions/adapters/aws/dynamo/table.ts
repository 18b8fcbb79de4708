import { z } from 'zod';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../../../core/errors';
import type { IndexName } from '../../../platform/table-schema';

export function createDocumentClient(config: DynamoDBClientConfig): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
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

const cursorKeySchema = z.record(z.string(), z.union([z.string(), z.number()]));

export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

export function decodeCursor(cursor: string | undefined): Record<string, string | number> | undefined {
  if (!cursor) return undefined;
  try {
    return cursorKeySchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationError('Invalid cursor');
  }
}

export interface QueryPageOptions {
  partitionKey: string;
  sortKeyPrefix?: string;
  index?: IndexName;
  limit?: number;
  cursor?: string;
  newestFirst?: boolean;
}

/** One page of a partition, optionally narrowed to a sort-key prefix, parsed by `schema`. */
export async function queryPage<T>(table: TableRef, schema: z.ZodType<T>, options: QueryPageOptions): Promise<Page<T>> {
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
    ExclusiveStartKey: decodeCursor(options.cursor),
    ScanIndexForward: !options.newestFirst,
  };
  const result = await table.client.send(new QueryCommand(input));
  return {
    items: (result.Items ?? []).map((item) => schema.parse(item)),
    cursor: encodeCursor(result.LastEvaluatedKey),
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
