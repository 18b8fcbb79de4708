import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import type { MediaFolder } from '../../../core/media/media';
import { mediaMessages } from '../../../core/media/messages';
import type { MediaFolderRepository } from '../../../core/ports/media';
import { where } from './entity';
import { keys, mediaKeys } from './keys';
import { moveTransaction } from './media-assets';
import { assetEntity, folderEntity } from './media-entities';
import { conditionHeld, queryAll, queryPage, transactWrite, type TableRef } from './table';

const assetRef = z.object({ id: z.string(), userId: z.string() });

/** Folders (`MFOLDER#<id>`), each with the count of its assets that moves with them. */
export class DynamoMediaFolderRepository implements MediaFolderRepository {
  constructor(private readonly table: TableRef) {}

  private get name() {
    return this.table.tableName;
  }

  listFolders(userId: string): Promise<MediaFolder[]> {
    return queryAll(this.table, folderEntity.definition.schema, { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.folderPrefix });
  }

  async getFolder(userId: string, folderId: string): Promise<MediaFolder | undefined> {
    return folderEntity.get(this.table, { userId, id: folderId }, { consistent: true });
  }

  async createFolder(folder: MediaFolder): Promise<void> {
    await transactWrite(this.table, [folderEntity.newItem(this.table, folder)]);
  }

  async renameFolder(userId: string, folderId: string, name: string): Promise<MediaFolder> {
    const patch = { userId, id: folderId, name, updatedAt: new Date().toISOString() };
    const renamed = await folderEntity.updateExisting(this.table, patch, ['name', 'updatedAt']);
    if (!renamed) throw new NotFoundError(mediaMessages.folderNotFound);
    return renamed;
  }

  async deleteFolder(folder: MediaFolder): Promise<void> {
    const { userId } = folder;
    const inFolder = assetEntity.partition('inFolder', { userId, folderId: folder.id });
    // Assets go to the root in transactions of 99 that also lower the folder's count, so the counts stay
    // exact even if this stops half-way; an asset moved meanwhile cancels its batch, which is read again.
    for (let round = 0; round < 1000; round += 1) {
      const page = await queryPage(this.table, assetRef, { ...inFolder, basePartition: keys.user(userId), limit: 99 });
      if (page.items.length === 0) break;
      const moves = page.items.map((asset) => ({ asset: { ...asset, folderId: folder.id }, to: null }));
      const moved = await conditionHeld(transactWrite(this.table, moveTransaction(this.name, moves, new Date().toISOString())));
      // The index may still list assets already moved (it is eventually consistent): read it again shortly.
      if (!moved) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const now = new Date().toISOString();
    const children = (await this.listFolders(userId)).filter((child) => child.parentId === folder.id);
    for (const child of children) {
      await folderEntity.update(this.table, { userId, id: child.id }, { set: { parentId: folder.parentId, updatedAt: now }, condition: where.itemExists() });
    }
    await transactWrite(this.table, [folderEntity.deleteItem(this.table, folder)]);
  }
}
