import { z } from 'zod';
import type { FolderReferences } from '../../../core/ports/media';
import { scriptEntity } from './script-repository';
import { queryAll, unlessConditionFails, updateItem, type TableRef } from './table';

const scriptRefSchema = z.object({ id: z.string(), title: z.string().optional().default('') });

/**
 * Scripts naming a media folder as their preferred folder. Scripts belong to the scripts area
 * (`USER#<id>/SCRIPT#<id>`, field `preferredFolderId`); this reads and rewrites only that field.
 */
export class DynamoScriptFolderReferences implements FolderReferences {
  constructor(private readonly table: TableRef) {}

  scriptsUsing(userId: string, folderId: string): Promise<{ id: string; title: string }[]> {
    return queryAll(
      this.table,
      scriptRefSchema,
      scriptEntity.query('partition', { userId }, { filter: { expression: 'preferredFolderId = :folder', values: { ':folder': folderId } }, attributes: ['id', 'title'] }),
    );
  }

  async reassign(userId: string, scriptIds: readonly string[], folderId: string | null): Promise<void> {
    const now = new Date().toISOString();
    for (const scriptId of scriptIds) {
      // A script deleted meanwhile needs no new folder.
      await unlessConditionFails(
        updateItem(this.table, {
          Key: scriptEntity.key({ userId, id: scriptId }),
          UpdateExpression: 'SET preferredFolderId = :folder, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':folder': folderId, ':now': now },
        }),
      );
    }
  }
}
