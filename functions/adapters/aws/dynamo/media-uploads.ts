import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaAsset, PendingUpload } from '../../../core/media/media';
import type { MediaUploadRepository } from '../../../core/ports/media';
import { keys, mediaKeys } from './keys';
import { assetEntity, folderCount, uploadEntity, usageCounters } from './media-entities';
import { isConditionFailure, queryAll, type TableRef } from './table';

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
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.name, Item: uploadEntity.item(upload), ConditionExpression: 'attribute_not_exists(pk)' } },
            usageCounters.reserve(this.name, upload.userId, upload.declaredSize, headroom),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async getPendingUpload(userId: string, uploadId: string): Promise<PendingUpload | undefined> {
    const result = await this.table.client.send(new GetCommand({ TableName: this.name, Key: uploadEntity.key({ userId, id: uploadId }), ConsistentRead: true }));
    return result.Item ? uploadEntity.parse(result.Item) : undefined;
  }

  listPendingUploads(userId: string): Promise<PendingUpload[]> {
    return queryAll(this.table, uploadEntity.definition.schema, { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.uploadPrefix });
  }

  async releaseUpload(upload: PendingUpload): Promise<boolean> {
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.name, Key: uploadEntity.key(upload), ConditionExpression: 'attribute_exists(pk)' } },
            usageCounters.release(this.name, upload.userId, upload.declaredSize),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async completeUpload(upload: PendingUpload, asset: MediaAsset): Promise<MediaAsset | undefined> {
    const place = async (folderId: string | null): Promise<MediaAsset> => {
      const placed = { ...asset, folderId };
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.name, Key: uploadEntity.key(upload), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: this.name, Item: assetEntity.item(placed), ConditionExpression: 'attribute_not_exists(pk)' } },
            usageCounters.keep(this.name, upload.userId, upload.declaredSize, asset.fileSize),
            ...(folderId ? [folderCount(this.name, upload.userId, folderId, +1)] : []),
          ],
        }),
      );
      return placed;
    };
    try {
      return await place(asset.folderId);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const reasons = (error as Cancelled).CancellationReasons ?? [];
      // The folder was deleted while the file was on its way: keep the asset at the root.
      if (asset.folderId && reasons[3]?.Code === 'ConditionalCheckFailed' && reasons[0]?.Code !== 'ConditionalCheckFailed') {
        try {
          return await place(null);
        } catch (retryError) {
          if (isConditionFailure(retryError)) return undefined;
          throw retryError;
        }
      }
      return undefined;
    }
  }
}
