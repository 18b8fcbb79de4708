import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { encodeTime } from 'ulid';
import { NotFoundError } from '../../../core/errors';
import type { Page, ScriptRepository } from '../../../core/ports/scripts';
import { scriptSchema, type Script } from '../../../core/scripts/script';
import { scriptNotFound } from '../../../core/scripts/script-service';
import { keys } from './keys';
import { encodeCursor, isConditionFailure, queryPage, type TableRef } from './table';

const prefix = keys.script('');

/** Builds `SET a = :a, … REMOVE …` from a change set; undefined values are left alone. */
export function updateExpression(changes: Record<string, unknown>): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  Object.entries(changes)
    .filter(([key, value]) => value !== undefined && key !== 'pk' && key !== 'sk' && key !== 'id' && key !== 'userId')
    .forEach(([key, value], i) => {
      names[`#f${i}`] = key;
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    });
  return { UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** Scripts under `USER#<id>` / `SCRIPT#<ulid>`: newest first is a backwards query. */
export class DynamoScriptRepository implements ScriptRepository {
  constructor(private readonly table: TableRef) {}

  async create(script: Script): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: { pk: keys.user(script.userId), sk: keys.script(script.id), ...script },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(userId: string, scriptId: string): Promise<Script | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: keys.script(scriptId) } }),
    );
    return result.Item ? scriptSchema.parse(result.Item) : undefined;
  }

  list(userId: string, options: { limit: number; cursor?: string; before?: string }): Promise<Page<Script>> {
    return queryPage(this.table, scriptSchema, {
      partitionKey: keys.user(userId),
      sortKeyPrefix: prefix,
      newestFirst: true,
      limit: options.limit,
      cursor: options.before ? encodeCursor({ pk: keys.user(userId), sk: keys.script(options.before) }) : options.cursor,
    });
  }

  async update(userId: string, scriptId: string, changes: Partial<Script>): Promise<Script> {
    try {
      const result = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.user(userId), sk: keys.script(scriptId) },
          ...updateExpression(changes),
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_NEW',
        }),
      );
      return scriptSchema.parse(result.Attributes);
    } catch (error) {
      if (isConditionFailure(error)) throw new NotFoundError(scriptNotFound);
      throw error;
    }
  }

  async delete(userId: string, scriptId: string): Promise<boolean> {
    const result = await this.table.client.send(
      new DeleteCommand({
        TableName: this.table.tableName,
        Key: { pk: keys.user(userId), sk: keys.script(scriptId) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return result.Attributes !== undefined;
  }

  private async count(input: Omit<QueryCommandInput, 'TableName' | 'Select'>): Promise<number> {
    let total = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const result = await this.table.client.send(
        new QueryCommand({ ...input, TableName: this.table.tableName, Select: 'COUNT', ExclusiveStartKey: start }),
      );
      total += result.Count ?? 0;
      start = result.LastEvaluatedKey;
    } while (start);
    return total;
  }

  async monthSummary(userId: string, since: Date): Promise<{ scriptsCreated: number; videosMade: number }> {
    const [scriptsCreated, videosMade] = await Promise.all([
      // ULIDs begin with their time: every id made since `since` sorts after this key.
      this.count({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':from': keys.script(encodeTime(since.getTime(), 10)), ':to': `${prefix}\uffff` },
      }),
      this.count({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'videoGeneratedAt >= :since',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': prefix, ':since': since.toISOString() },
      }),
    ]);
    return { scriptsCreated, videosMade };
  }
}
