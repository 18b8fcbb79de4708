import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import {
  mediaAssetSchema,
  mediaFolderSchema,
  pendingUploadSchema,
  type MediaAsset,
  type MediaFolder,
  type MediaUsage,
  type PendingUpload,
} from '../../../core/media/media';
import type { AssetListPage, AssetListQuery, FolderScope, MediaRepository } from '../../../core/ports/media';
import type { IndexName } from '../../../platform/table-schema';
import { keys, mediaKeys } from './keys';
import { isConditionFailure, queryAll, queryPage, type TableRef } from './table';
import { asCursorError, decodePageCursor, encodePageCursor, type CursorScope } from './cursor';

const usageSchema = z.object({
  assets: z.number().default(0),
  bytes: z.number().default(0),
  chargedBytes: z.number().default(0),
});
const keyOnly = z.object({ pk: z.string(), sk: z.string() });

/** Sort keys for names: case- and accent-insensitive, then the id (a separator below every printable character). */
export function nameKey(title: string, id: string): string {
  const folded = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .slice(0, 120);
  return `${folded}\u0001${id}`;
}

export function sizeKey(bytes: number, id: string): string {
  return `${String(bytes).padStart(12, '0')}#${id}`;
}

function searchText(asset: Pick<MediaAsset, 'title' | 'fileName' | 'tags'>): string {
  return [asset.title, asset.fileName, ...asset.tags].join('\n').toLowerCase();
}

interface Access {
  index?: IndexName;
  partitionKey: string;
  sortKeyPrefix?: string;
  forward: boolean;
}

/** Which index and partition serve an order in a scope (docs/decisions.md, "Media library"). */
function accessFor(userId: string, scope: FolderScope, sort: AssetListQuery['sort']): Access {
  const forward = sort === 'date-uploaded' || sort === 'name-asc' || sort === 'size-asc';
  const byName = sort === 'name-asc' || sort === 'name-desc';
  const bySize = sort === 'size-asc' || sort === 'size-desc';
  if (scope.kind === 'all') {
    if (byName) return { index: 'gsi1', partitionKey: mediaKeys.byName(userId), forward };
    if (bySize) return { index: 'gsi2', partitionKey: mediaKeys.bySize(userId), forward };
    return { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.assetPrefix, forward };
  }
  const partitionKey = mediaKeys.inFolder(userId, scope.kind === 'folder' ? scope.folderId : null);
  if (byName) return { index: 'gsi4', partitionKey, forward };
  if (bySize) return { index: 'gsi5', partitionKey, forward };
  return { index: 'gsi3', partitionKey, forward };
}

/**
 * The media library in the single table (DESIGN decision 2), under `USER#<id>`:
 * `MEDIA#<id>` assets, `MFOLDER#<id>` folders, `MUPLOAD#<id>` uploads in flight and `MEDIA_USAGE`, the
 * counters (assets, bytes kept, bytes charged) that change in the same transactions as the records.
 */
export class DynamoMediaRepository implements MediaRepository {
  constructor(private readonly table: TableRef) {}

  private get name() {
    return this.table.tableName;
  }

  private usageKey(userId: string) {
    return { pk: keys.user(userId), sk: mediaKeys.usage };
  }

  private folderKey(userId: string, folderId: string) {
    return { pk: keys.user(userId), sk: mediaKeys.folder(folderId) };
  }

  private assetItem(asset: MediaAsset): Record<string, unknown> {
    const u = asset.userId;
    const folderPk = mediaKeys.inFolder(u, asset.folderId);
    return {
      pk: keys.user(u),
      sk: mediaKeys.asset(asset.id),
      type: 'MediaAsset',
      ...asset,
      searchText: searchText(asset),
      gsi1pk: mediaKeys.byName(u),
      gsi1sk: nameKey(asset.title, asset.id),
      gsi2pk: mediaKeys.bySize(u),
      gsi2sk: sizeKey(asset.fileSize, asset.id),
      gsi3pk: folderPk,
      gsi3sk: asset.id,
      gsi4pk: folderPk,
      gsi4sk: nameKey(asset.title, asset.id),
      gsi5pk: folderPk,
      gsi5sk: sizeKey(asset.fileSize, asset.id),
      ...(asset.kind === 'audio' ? { gsi6pk: mediaKeys.audio(u), gsi6sk: asset.id } : {}),
    };
  }

  // Usage and uploads --------------------------------------------------------------------------

  async usage(userId: string): Promise<MediaUsage> {
    const result = await this.table.client.send(new GetCommand({ TableName: this.name, Key: this.usageKey(userId) }));
    return usageSchema.parse(result.Item ?? {});
  }

  async reserveUpload(upload: PendingUpload, limitBytes: number): Promise<boolean> {
    const headroom = limitBytes - upload.declaredSize;
    if (headroom < 0) return false;
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.name,
                Item: {
                  pk: keys.user(upload.userId),
                  sk: mediaKeys.upload(upload.id),
                  type: 'MediaUpload',
                  ...upload,
                  // Kept well past the point where it counts as stale, so the release always finds it.
                  expiresAt: Math.floor(Date.parse(upload.createdAt) / 1000) + 7 * 24 * 3600,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              // "Check the limit then spend it" in one conditional write (decision 2): the condition
              // sees every reservation already made, so parallel uploads cannot pass the limit together.
              Update: {
                TableName: this.name,
                Key: this.usageKey(upload.userId),
                UpdateExpression: 'SET chargedBytes = if_not_exists(chargedBytes, :zero) + :size',
                ConditionExpression: 'attribute_not_exists(chargedBytes) OR chargedBytes <= :headroom',
                ExpressionAttributeValues: { ':zero': 0, ':size': upload.declaredSize, ':headroom': headroom },
              },
            },
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
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.name, Key: { pk: keys.user(userId), sk: mediaKeys.upload(uploadId) }, ConsistentRead: true }),
    );
    return result.Item ? pendingUploadSchema.parse(result.Item) : undefined;
  }

  listPendingUploads(userId: string): Promise<PendingUpload[]> {
    return queryAll(this.table, pendingUploadSchema, { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.uploadPrefix });
  }

  async releaseUpload(upload: PendingUpload): Promise<boolean> {
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.name,
                Key: { pk: keys.user(upload.userId), sk: mediaKeys.upload(upload.id) },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Update: {
                TableName: this.name,
                Key: this.usageKey(upload.userId),
                UpdateExpression: 'ADD chargedBytes :minus',
                ExpressionAttributeValues: { ':minus': -upload.declaredSize },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async completeUpload(upload: PendingUpload, asset: MediaAsset): Promise<boolean> {
    const attempt = async (folderId: string | null) => {
      const placed = { ...asset, folderId };
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.name,
                Key: { pk: keys.user(upload.userId), sk: mediaKeys.upload(upload.id) },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            { Put: { TableName: this.name, Item: this.assetItem(placed), ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Update: {
                TableName: this.name,
                Key: this.usageKey(upload.userId),
                UpdateExpression: 'ADD chargedBytes :delta, #bytes :bytes, assets :one',
                ExpressionAttributeNames: { '#bytes': 'bytes' },
                ExpressionAttributeValues: { ':delta': asset.fileSize - upload.declaredSize, ':bytes': asset.fileSize, ':one': 1 },
              },
            },
            ...(folderId
              ? [
                  {
                    Update: {
                      TableName: this.name,
                      Key: this.folderKey(upload.userId, folderId),
                      UpdateExpression: 'ADD assetCount :one',
                      ConditionExpression: 'attribute_exists(pk)',
                      ExpressionAttributeValues: { ':one': 1 },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
    };
    try {
      await attempt(asset.folderId);
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      // The folder was deleted while the file was on its way: keep the asset at the root.
      if (asset.folderId && reasons[3]?.Code === 'ConditionalCheckFailed' && reasons[0]?.Code !== 'ConditionalCheckFailed') {
        try {
          await attempt(null);
          return true;
        } catch (retryError) {
          if (isConditionFailure(retryError)) return false;
          throw retryError;
        }
      }
      return false;
    }
  }

  // Assets -------------------------------------------------------------------------------------

  async getAsset(userId: string, assetId: string): Promise<MediaAsset | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.name, Key: { pk: keys.user(userId), sk: mediaKeys.asset(assetId) }, ConsistentRead: true }),
    );
    return result.Item ? mediaAssetSchema.parse(result.Item) : undefined;
  }

  private queryInput(access: Access, extra: Partial<QueryCommandInput>): QueryCommandInput {
    const pkName = access.index ? `${access.index}pk` : 'pk';
    const skName = access.index ? `${access.index}sk` : 'sk';
    const names: Record<string, string> = { '#pk': pkName, ...(extra.ExpressionAttributeNames ?? {}) };
    const values: Record<string, unknown> = { ':pk': access.partitionKey, ...(extra.ExpressionAttributeValues ?? {}) };
    let condition = '#pk = :pk';
    if (access.sortKeyPrefix) {
      names['#sk'] = skName;
      values[':prefix'] = access.sortKeyPrefix;
      condition += ' AND begins_with(#sk, :prefix)';
    }
    return {
      TableName: this.name,
      IndexName: access.index,
      ScanIndexForward: access.forward,
      ...extra,
      KeyConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  /** Reads `count` items' keys only, to reach page N without a cursor; answers where it stopped. */
  private async skip(access: Access, count: number): Promise<Record<string, unknown> | undefined | 'end'> {
    let remaining = count;
    let start: Record<string, unknown> | undefined;
    while (remaining > 0) {
      const result: QueryCommandOutput = await this.table.client.send(
        new QueryCommand(
          this.queryInput(access, {
            Limit: Math.min(remaining, 1000),
            ExclusiveStartKey: start,
            ProjectionExpression: '#pk',
          }),
        ),
      );
      remaining -= result.Count ?? 0;
      start = result.LastEvaluatedKey;
      // Nothing after the last item read: page N is past the end.
      if (!start) return 'end';
    }
    return start;
  }

  private async totalFor(userId: string, scope: FolderScope): Promise<number> {
    if (scope.kind === 'all') return (await this.usage(userId)).assets;
    if (scope.kind === 'folder') return (await this.getFolder(userId, scope.folderId))?.assetCount ?? 0;
    const [usage, folders] = await Promise.all([this.usage(userId), this.listFolders(userId)]);
    return Math.max(0, usage.assets - folders.reduce((sum, folder) => sum + folder.assetCount, 0));
  }

  async listAssets(userId: string, query: AssetListQuery): Promise<AssetListPage> {
    const access = accessFor(userId, query.scope, query.sort);
    if (query.search) return this.search(access, query);
    // Cursors hold only sort positions; the partitions are always this user's (issue 10).
    const cursorScope: CursorScope = access.index
      ? { ownerPartition: keys.user(userId), index: access.index, indexPartition: access.partitionKey, sortKeyPrefix: mediaKeys.assetPrefix }
      : { ownerPartition: access.partitionKey, sortKeyPrefix: access.sortKeyPrefix };

    const readPage = async (): Promise<{ items: MediaAsset[]; next?: Record<string, unknown> }> => {
      let start: Record<string, unknown> | undefined;
      if (query.cursor) start = decodePageCursor(query.cursor, cursorScope);
      else if (query.page > 1) {
        const skipped = await this.skip(access, (query.page - 1) * query.limit);
        if (skipped === 'end') return { items: [] };
        start = skipped;
      }
      const items: MediaAsset[] = [];
      let next = start;
      do {
        const result: QueryCommandOutput = await this.table.client.send(
          new QueryCommand(this.queryInput(access, { Limit: query.limit - items.length, ExclusiveStartKey: next })),
        );
        for (const item of result.Items ?? []) items.push(mediaAssetSchema.parse(item));
        next = result.LastEvaluatedKey;
      } while (next && items.length < query.limit);
      return { items, next };
    };
    const guardedPage = readPage().catch((error: unknown) => {
      // A cursor from another listing of the same user can still name a start key DynamoDB refuses.
      throw asCursorError(error, query.cursor);
    });
    const [page, totalCount] = await Promise.all([guardedPage, query.skipTotal ? Promise.resolve(0) : this.totalFor(userId, query.scope)]);
    return { items: page.items, totalCount, nextCursor: encodePageCursor(page.next, cursorScope) };
  }

  /**
   * A search reads the whole scope once (DynamoDB has no substring index): a first pass fetches only
   * the keys and the search text of matches, counting them all; a batch read then fetches the page.
   * Listing without a search never does this.
   */
  private async search(access: Access, query: AssetListQuery): Promise<AssetListPage> {
    const from = (query.page - 1) * query.limit;
    const pageKeys: { pk: string; sk: string }[] = [];
    let matched = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const result: QueryCommandOutput = await this.table.client.send(
        new QueryCommand(
          this.queryInput(access, {
            ExclusiveStartKey: start,
            FilterExpression: 'contains(#search, :q)',
            ProjectionExpression: '#tpk, #tsk',
            ExpressionAttributeNames: { '#search': 'searchText', '#tpk': 'pk', '#tsk': 'sk' },
            ExpressionAttributeValues: { ':q': query.search },
          }),
        ),
      );
      for (const item of result.Items ?? []) {
        if (matched >= from && pageKeys.length < query.limit) pageKeys.push(keyOnly.parse(item));
        matched += 1;
      }
      start = result.LastEvaluatedKey;
    } while (start);
    return { items: await this.getMany(pageKeys), totalCount: matched };
  }

  /** The items behind the keys, in the keys' order (BatchGet, 100 at a time, retrying what it leaves). */
  private async getMany(wanted: readonly { pk: string; sk: string }[]): Promise<MediaAsset[]> {
    const found = new Map<string, MediaAsset>();
    for (let i = 0; i < wanted.length; i += 100) {
      let keysLeft: Record<string, unknown>[] | undefined = wanted.slice(i, i + 100).map((key) => ({ pk: key.pk, sk: key.sk }));
      for (let attempt = 0; keysLeft && keysLeft.length > 0 && attempt < 5; attempt += 1) {
        const result: BatchGetCommandOutput = await this.table.client.send(new BatchGetCommand({ RequestItems: { [this.name]: { Keys: keysLeft } } }));
        for (const item of result.Responses?.[this.name] ?? []) {
          const asset = mediaAssetSchema.parse(item);
          found.set(mediaKeys.asset(asset.id), asset);
        }
        keysLeft = result.UnprocessedKeys?.[this.name]?.Keys;
      }
    }
    return wanted.map((key) => found.get(key.sk)).filter((asset): asset is MediaAsset => asset !== undefined);
  }

  async listAudio(userId: string, limit: number): Promise<MediaAsset[]> {
    const access: Access = { index: 'gsi6', partitionKey: mediaKeys.audio(userId), forward: false };
    const result = await this.table.client.send(new QueryCommand(this.queryInput(access, { Limit: limit })));
    return (result.Items ?? []).map((item) => mediaAssetSchema.parse(item));
  }

  async updateAsset(userId: string, assetId: string, changes: { isActive?: boolean; tags?: string[] }): Promise<MediaAsset> {
    const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':now': new Date().toISOString() };
    const sets = ['#updatedAt = :now'];
    if (changes.isActive !== undefined) {
      names['#isActive'] = 'isActive';
      values[':isActive'] = changes.isActive;
      sets.push('#isActive = :isActive');
    }
    if (changes.tags !== undefined) {
      const current = await this.getAsset(userId, assetId);
      if (!current) throw new NotFoundError('Media asset not found');
      names['#tags'] = 'tags';
      names['#searchText'] = 'searchText';
      values[':tags'] = changes.tags;
      values[':searchText'] = searchText({ ...current, tags: changes.tags });
      sets.push('#tags = :tags', '#searchText = :searchText');
    }
    try {
      const result = await this.table.client.send(
        new UpdateCommand({
          TableName: this.name,
          Key: { pk: keys.user(userId), sk: mediaKeys.asset(assetId) },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return mediaAssetSchema.parse(result.Attributes);
    } catch (error) {
      if (isConditionFailure(error)) throw new NotFoundError('Media asset not found');
      throw error;
    }
  }

  async moveAsset(asset: MediaAsset, folderId: string | null): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = attempt === 0 ? asset : await this.getAsset(asset.userId, asset.id);
      if (!current) return false;
      if (current.folderId === folderId) return true;
      const folderPk = mediaKeys.inFolder(current.userId, folderId);
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.name,
                  Key: { pk: keys.user(current.userId), sk: mediaKeys.asset(current.id) },
                  UpdateExpression: 'SET folderId = :to, gsi3pk = :fpk, gsi4pk = :fpk, gsi5pk = :fpk, updatedAt = :now',
                  // The asset is where we read it: counts stay exact when two moves race.
                  ConditionExpression: current.folderId === null ? 'attribute_exists(pk) AND attribute_type(folderId, :null)' : 'attribute_exists(pk) AND folderId = :from',
                  ExpressionAttributeValues: {
                    ':to': folderId,
                    ':fpk': folderPk,
                    ':now': new Date().toISOString(),
                    ...(current.folderId === null ? { ':null': 'NULL' } : { ':from': current.folderId }),
                  },
                },
              },
              ...(current.folderId
                ? [
                    {
                      Update: {
                        TableName: this.name,
                        Key: this.folderKey(current.userId, current.folderId),
                        UpdateExpression: 'ADD assetCount :minus',
                        ConditionExpression: 'attribute_exists(pk)',
                        ExpressionAttributeValues: { ':minus': -1 },
                      },
                    },
                  ]
                : []),
              ...(folderId
                ? [
                    {
                      Update: {
                        TableName: this.name,
                        Key: this.folderKey(current.userId, folderId),
                        UpdateExpression: 'ADD assetCount :one',
                        ConditionExpression: 'attribute_exists(pk)',
                        ExpressionAttributeValues: { ':one': 1 },
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    return false;
  }

  async deleteAsset(asset: MediaAsset): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = attempt === 0 ? asset : await this.getAsset(asset.userId, asset.id);
      if (!current) return false;
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: this.name,
                  Key: { pk: keys.user(current.userId), sk: mediaKeys.asset(current.id) },
                  ConditionExpression: current.folderId === null ? 'attribute_exists(pk) AND attribute_type(folderId, :null)' : 'attribute_exists(pk) AND folderId = :from',
                  ExpressionAttributeValues: current.folderId === null ? { ':null': 'NULL' } : { ':from': current.folderId },
                },
              },
              {
                Update: {
                  TableName: this.name,
                  Key: this.usageKey(current.userId),
                  UpdateExpression: 'ADD chargedBytes :minus, #bytes :minus, assets :minusOne',
                  ExpressionAttributeNames: { '#bytes': 'bytes' },
                  ExpressionAttributeValues: { ':minus': -current.fileSize, ':minusOne': -1 },
                },
              },
              ...(current.folderId
                ? [
                    {
                      Update: {
                        TableName: this.name,
                        Key: this.folderKey(current.userId, current.folderId),
                        UpdateExpression: 'ADD assetCount :minusOne',
                        ConditionExpression: 'attribute_exists(pk)',
                        ExpressionAttributeValues: { ':minusOne': -1 },
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    return false;
  }

  // Folders ------------------------------------------------------------------------------------

  listFolders(userId: string): Promise<MediaFolder[]> {
    return queryAll(this.table, mediaFolderSchema, { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.folderPrefix });
  }

  async getFolder(userId: string, folderId: string): Promise<MediaFolder | undefined> {
    const result = await this.table.client.send(new GetCommand({ TableName: this.name, Key: this.folderKey(userId, folderId), ConsistentRead: true }));
    return result.Item ? mediaFolderSchema.parse(result.Item) : undefined;
  }

  async createFolder(folder: MediaFolder): Promise<void> {
    await this.table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.name,
              Item: { ...this.folderKey(folder.userId, folder.id), type: 'MediaFolder', ...folder },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  }

  async renameFolder(userId: string, folderId: string, name: string): Promise<MediaFolder> {
    try {
      const result = await this.table.client.send(
        new UpdateCommand({
          TableName: this.name,
          Key: this.folderKey(userId, folderId),
          UpdateExpression: 'SET #name = :name, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': name, ':now': new Date().toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return mediaFolderSchema.parse(result.Attributes);
    } catch (error) {
      if (isConditionFailure(error)) throw new NotFoundError('Folder not found');
      throw error;
    }
  }

  async deleteFolder(folder: MediaFolder): Promise<void> {
    const userId = folder.userId;
    const rootPk = mediaKeys.inFolder(userId, null);
    // Assets go to the root in transactions of 99 that also lower the folder's count, so the counts stay
    // exact even if this stops half-way; an asset moved meanwhile cancels its batch, which is read again.
    for (let round = 0; round < 1000; round += 1) {
      const page = await queryPage(this.table, keyOnly, { index: 'gsi3', partitionKey: mediaKeys.inFolder(userId, folder.id), limit: 99 });
      if (page.items.length === 0) break;
      const now = new Date().toISOString();
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              ...page.items.map((key) => ({
                Update: {
                  TableName: this.name,
                  Key: { pk: key.pk, sk: key.sk },
                  UpdateExpression: 'SET folderId = :null, gsi3pk = :root, gsi4pk = :root, gsi5pk = :root, updatedAt = :now',
                  ConditionExpression: 'folderId = :folder',
                  ExpressionAttributeValues: { ':null': null, ':root': rootPk, ':now': now, ':folder': folder.id },
                },
              })),
              {
                Update: {
                  TableName: this.name,
                  Key: this.folderKey(userId, folder.id),
                  UpdateExpression: 'ADD assetCount :minus',
                  ExpressionAttributeValues: { ':minus': -page.items.length },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // The index may still list assets already moved (it is eventually consistent): read it again shortly.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const now = new Date().toISOString();
    const children = (await this.listFolders(userId)).filter((child) => child.parentId === folder.id);
    for (const child of children) {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.name,
          Key: this.folderKey(userId, child.id),
          UpdateExpression: 'SET parentId = :parent, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':parent': folder.parentId, ':now': now },
        }),
      );
    }
    await this.table.client.send(
      new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: this.name, Key: this.folderKey(userId, folder.id) } }] }),
    );
  }
}
