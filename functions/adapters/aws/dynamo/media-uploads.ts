import type { MediaAsset, PendingUpload } from '../../../core/media/media';
import type { MediaUploadRepository } from '../../../core/ports/media';
import { where } from './entity';
import { keys, mediaKeys } from './keys';
import { assetEntity, folderCount, uploadEntity, usageCounters } from './media-entities';
import { conditionHeld, ifConditionFails, queryAll, transactWrite, type TableRef } from './table';

type Cancelled = Error & { CancellationReasons?: { Code?: string }[] };

/** Uploads in flight (`MUPLOAD#<id>`), charged against the usage counters until kept or given up. */
export class DynamoMediaUploadRepository implements MediaUploadRepository {
  constructor(private readonly table: TableRef) {}

  private get name() {
    return this.table.tableName;
  }

  async reserveUpload(upload: PendingUpload, limitBytes: number): Promise<boolean> {
    const headroom = limitBytes - upload.declaredSize;
    if (headroom < 0) return false;
    return conditionHeld(
      transactWrite(this.table, [uploadEntity.newItem(this.table, upload), usageCounters.reserve(this.name, upload.userId, upload.declaredSize, headroom)]),
    );
  }

  async getPendingUpload(userId: string, uploadId: string): Promise<PendingUpload | undefined> {
    return uploadEntity.get(this.table, { userId, id: uploadId }, { consistent: true });
  }

  listPendingUploads(userId: string): Promise<PendingUpload[]> {
    return queryAll(this.table, uploadEntity.definition.schema, { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.uploadPrefix });
  }

  async releaseUpload(upload: PendingUpload): Promise<boolean> {
    return conditionHeld(
      transactWrite(this.table, [
        uploadEntity.deleteItem(this.table, upload, where.itemExists()),
        usageCounters.release(this.name, upload.userId, upload.declaredSize),
      ]),
    );
  }

  async completeUpload(upload: PendingUpload, asset: MediaAsset): Promise<MediaAsset | undefined> {
    const place = async (folderId: string | null): Promise<MediaAsset> => {
      const placed = { ...asset, folderId };
      await transactWrite(this.table, [
        uploadEntity.deleteItem(this.table, upload, where.itemExists()),
        assetEntity.newItem(this.table, placed),
        usageCounters.keep(this.name, upload.userId, upload.declaredSize, asset.fileSize),
        ...(folderId ? [folderCount(this.name, upload.userId, folderId, +1)] : []),
      ]);
      return placed;
    };
    return ifConditionFails(place(asset.folderId), (failure) => {
      const reasons = (failure as Cancelled).CancellationReasons ?? [];
      // The folder was deleted while the file was on its way (its count refused, the upload was still there): keep the asset at the root.
      const folderGone = asset.folderId && reasons[3]?.Code === 'ConditionalCheckFailed' && reasons[0]?.Code !== 'ConditionalCheckFailed';
      return folderGone ? ifConditionFails(place(null), () => undefined) : undefined;
    });
  }
}
