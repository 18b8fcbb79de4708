import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ScriptTemplateRepository } from '../../../core/ports/scripts';
import { scriptTemplateSchema, type ScriptTemplate } from '../../../contract/generation';
import { keys } from './keys';
import { queryPage, type TableRef } from './table';

const prefix = keys.scriptTemplate('');

/** Script templates under `USER#<id>` / `STEMPLATE#<ulid>`. */
export class DynamoScriptTemplateRepository implements ScriptTemplateRepository {
  constructor(private readonly table: TableRef) {}

  async create(template: ScriptTemplate): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: { pk: keys.user(template.userId), sk: keys.scriptTemplate(template.id), ...template },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async list(userId: string, limit: number): Promise<ScriptTemplate[]> {
    const page = await queryPage(this.table, scriptTemplateSchema, { partitionKey: keys.user(userId), sortKeyPrefix: prefix, limit });
    return page.items;
  }

  async delete(userId: string, templateId: string): Promise<boolean> {
    const result = await this.table.client.send(
      new DeleteCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: keys.scriptTemplate(templateId) }, ReturnValues: 'ALL_OLD' }),
    );
    return result.Attributes !== undefined;
  }

  async count(userId: string): Promise<number> {
    const result = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': prefix },
        Select: 'COUNT',
      }),
    );
    return result.Count ?? 0;
  }
}
