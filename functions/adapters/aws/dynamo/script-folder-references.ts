import { z } from 'zod';
import type { FolderReferences } from '../../../core/ports/media';
import { where } from './entity';
import { scriptEntity } from './script-repository';
import { queryAll, unlessConditionFails, type TableRef } from './table';

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
      scriptEntity.query('partition', { userId }, { filter: where.eq('preferredFolderId', folderId), attributes: ['id', 'title'] }),
    );
  }

  async reassign(userId: string, scriptIds: readonly string[], folderId: string | null): Promise<void> {
    const now = new Date().toISOString();
    for (const scriptId of scriptIds) {
      // A script deleted meanwhile needs no new folder.
      await unlessConditionFails(
        scriptEntity.update(this.table, { userId, id: scriptId }, { set: { preferredFolderId: folderId, updatedAt: now }, condition: where.itemExists() }),
      );
    }
  }
}
