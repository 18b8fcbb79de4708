import { QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { FolderReferences } from '../../../core/ports/media';
import { keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

const scriptRefSchema = z.object({ id: z.string(), title: z.string().optional().default('') });

/**
 * Scripts naming a media folder as their preferred folder. Scripts belong to the scripts area
 * (`USER#<id>/SCRIPT#<id>`, field `preferredFolderId`); this reads and rewrites only that field.
 */
export class DynamoScriptFolderReferences implements FolderReferences {
  constructor(private readonly table: TableRef) {}

  async scriptsUsing(userId: string, folderId: string): Promise<{ id: string; title: string }[]> {
    const found: { id: string; title: string }[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const result: QueryCommandOutput = await this.table.client.send(
        new QueryCommand({
          TableName: this.table.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          FilterExpression: 'preferredFolderId = :folder',
          ProjectionExpression: 'id, title',
          ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': 'SCRIPT#', ':folder': folderId },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of result.Items ?? []) found.push(scriptRefSchema.parse(item));
      start = result.LastEvaluatedKey;
    } while (start);
    return found;
  }

  async reassign(userId: string, scriptIds: readonly string[], folderId: string | null): Promise<void> {
    const now = new Date().toISOString();
    for (const scriptId of scriptIds) {
      try {
        await this.table.client.send(
          new UpdateCommand({
            TableName: this.table.tableName,
            Key: { pk: keys.user(userId), sk: `SCRIPT#${scriptId}` },
            UpdateExpression: 'SET preferredFolderId = :folder, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':folder': folderId, ':now': now },
          }),
        );
      } catch (error) {
        // A script deleted meanwhile needs no new folder.
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
}
