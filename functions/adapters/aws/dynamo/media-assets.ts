import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import type { MediaAsset, MediaUsage } from '../../../core/media/media';
import { mediaMessages } from '../../../core/media/messages';
import type { AssetListPage, AssetListQuery, FolderScope, MediaAssetRepository } from '../../../core/ports/media';
import type { IndexName } from '../../../platform/table-schema';
import { asCursorError, decodePageCursor, encodePageCursor, type CursorScope } from './cursor';
import { where, type ItemKey, type TransactItem } from './entity';
import { keys, mediaKeys } from './keys';
import { assetEntity, folderCount, inFolderCondition, usageCounters, usageEntity } from './media-entities';
import { batchGet, conditionHeld, getItem, pagesOf, queryOnce, transactWrite, type QueryPageOptions, type StartKey, type TableRef } from './table';

export interface AssetMove {
  asset: Pick<MediaAsset, 'userId' | 'id' | 'folderId'>;
  to: string | null;
}

/**
 * The one place an asset changes folder: each asset's folder and the index keys that read it (as the
 * asset's entity definition builds them), conditioned on the folder it was read in, and every folder's
 * count, in one transaction (at most 100 items: 98 moves between two folders, 99 out of one).
 */
export function moveTransaction(tableName: string, moves: readonly AssetMove[], now: string): TransactItem[] {
  const counts = new Map<string, number>();
  const count = (folderId: string | null, delta: number) => {
    if (folderId) counts.set(folderId, (counts.get(folderId) ?? 0) + delta);
  };
  const updates = moves.map(({ asset, to }): TransactItem => {
    count(asset.folderId, -1);
    count(to, +1);
    // The asset is where we read it: counts stay exact when two moves race.
    return assetEntity.updateItem(
      { tableName },
      { userId: asset.userId, id: asset.id },
      { set: { folderId: to, updatedAt: now }, condition: inFolderCondition(asset.folderId) },
    );
  });
  const userId = moves[0]?.asset.userId ?? '';
  const folderCounts = [...counts].filter(([, delta]) => delta !== 0).map(([folderId, delta]) => folderCount(tableName, userId, folderId, delta));
  return [...updates, ...folderCounts];
}

interface Access {
  index?: IndexName;
  partitionKey: string;
  sortKeyPrefix?: string;
  forward: boolean;
}

/** Which index and partition serve an order in a scope (docs/decisions/media-library.md), from the asset's definition. */
function accessFor(userId: string, scope: FolderScope, sort: AssetListQuery['sort']): Access {
  const forward = sort === 'date-uploaded' || sort === 'name-asc' || sort === 'size-asc';
  const byName = sort === 'name-asc' || sort === 'name-desc';
  const bySize = sort === 'size-asc' || sort === 'size-desc';
  if (scope.kind === 'all') {
    if (byName) return { ...assetEntity.partition('byName', { userId }), forward };
    if (bySize) return { ...assetEntity.partition('bySize', { userId }), forward };
    return { partitionKey: keys.user(userId), sortKeyPrefix: mediaKeys.assetPrefix, forward };
  }
  const folder = { userId, folderId: scope.kind === 'folder' ? scope.folderId : null };
  if (byName) return { ...assetEntity.partition('inFolderByName', folder), forward };
  if (bySize) return { ...assetEntity.partition('inFolderBySize', folder), forward };
  return { ...assetEntity.partition('inFolder', folder), forward };
}

const keyOnly = z.object({ pk: z.string(), sk: z.string() });

/** The media library's assets and the usage counters (the stats area reads them as its MediaUsageReader). */
export class DynamoMediaAssetRepository implements MediaAssetRepository {
  constructor(private readonly table: TableRef) {}

  private get name() {
    return this.table.tableName;
  }

  async usage(userId: string): Promise<MediaUsage> {
    const item = await getItem(this.table, usageEntity.key({ userId }));
    const { assets, bytes, chargedBytes } = usageEntity.parse({ ...item, userId });
    return { assets, bytes, chargedBytes };
  }

  async getAsset(userId: string, assetId: string): Promise<MediaAsset | undefined> {
    return assetEntity.get(this.table, { userId, id: assetId }, { consistent: true });
  }

  async getAssets(userId: string, assetIds: readonly string[]): Promise<MediaAsset[]> {
    const unique = [...new Set(assetIds)];
    return this.getMany(
      unique.map((id) => assetEntity.key({ userId, id })),
      true,
    );
  }

  /** The items behind the keys, in the keys' order. */
  private async getMany(wanted: readonly ItemKey[], consistent: boolean): Promise<MediaAsset[]> {
    const found = new Map<string, MediaAsset>();
    for (const item of await batchGet(this.table, wanted, { consistent })) {
      const asset = assetEntity.parse(item);
      found.set(assetEntity.key(asset).sk, asset);
    }
    return wanted.map((key) => found.get(key.sk)).filter((asset): asset is MediaAsset => asset !== undefined);
  }

  // Listing ------------------------------------------------------------------------------------

  /** The query of an access in its order. */
  private query(access: Access, extra: Omit<QueryPageOptions, 'partitionKey' | 'index' | 'sortKeyPrefix' | 'newestFirst'> = {}) {
    return { index: access.index, partitionKey: access.partitionKey, sortKeyPrefix: access.sortKeyPrefix, newestFirst: !access.forward, ...extra };
  }

  /** Reads `count` items' keys only, to reach page N without a cursor; answers where it stopped. */
  private async skip(access: Access, count: number): Promise<StartKey | undefined | 'end'> {
    let remaining = count;
    if (remaining <= 0) return undefined;
    const read = (start: StartKey | undefined) => queryOnce(this.table, this.query(access, { limit: Math.min(remaining, 1000), attributes: ['pk'] }), start);
    for await (const page of pagesOf(read)) {
      remaining -= page.Count ?? 0;
      if (remaining <= 0 && page.LastEvaluatedKey) return page.LastEvaluatedKey;
    }
    // Nothing after the last item read: page N is past the end.
    return 'end';
  }

  async listAssets(userId: string, query: AssetListQuery): Promise<AssetListPage> {
    const access = accessFor(userId, query.scope, query.sort);
    if (query.search) return this.search(access, query, query.search);
    // Cursors hold only sort positions; the partitions are always this user's.
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
      let next: StartKey | undefined;
      const read = (from: StartKey | undefined) => queryOnce(this.table, this.query(access, { limit: query.limit - items.length }), from);
      for await (const page of pagesOf(read, start)) {
        for (const item of page.Items ?? []) items.push(assetEntity.parse(item));
        next = page.LastEvaluatedKey;
        if (items.length >= query.limit) break;
      }
      return { items, next };
    };
    const page = await readPage().catch((error: unknown) => {
      // A cursor from another listing of the same user can still name a start key DynamoDB refuses.
      throw asCursorError(error, query.cursor);
    });
    return { items: page.items, nextCursor: encodePageCursor(page.next, cursorScope) };
  }

  /**
   * A search reads the whole scope once (DynamoDB has no substring index): a first pass fetches only
   * the keys of matches, counting them all; a batch read then fetches the page.
   * Listing without a search never does this.
   */
  private async search(access: Access, query: AssetListQuery, text: string): Promise<AssetListPage> {
    const from = (query.page - 1) * query.limit;
    const pageKeys: ItemKey[] = [];
    let matched = 0;
    const read = (start: StartKey | undefined) =>
      queryOnce(this.table, this.query(access, { filter: where.contains('searchText', text), attributes: ['pk', 'sk'] }), start);
    for await (const page of pagesOf(read)) {
      for (const item of page.Items ?? []) {
        if (matched >= from && pageKeys.length < query.limit) pageKeys.push(keyOnly.parse(item));
        matched += 1;
      }
    }
    return { items: await this.getMany(pageKeys, false), matched };
  }

  async listAudio(userId: string, limit: number): Promise<MediaAsset[]> {
    const access: Access = { ...assetEntity.partition('audio', { userId }), forward: false };
    const result = await queryOnce(this.table, this.query(access, { limit }));
    return (result.Items ?? []).map((item) => assetEntity.parse(item));
  }

  // Changes ------------------------------------------------------------------------------------

  async recordProxy(userId: string, assetId: string, proxy: { proxyKey: string; storageKey: string }): Promise<boolean> {
    // proxyKey alone: folderId, tags, title and the rest are never written back from an older read.
    return assetEntity.updateIf(
      this.table,
      { userId, id: assetId },
      {
        set: { proxyKey: proxy.proxyKey },
        condition: where.and(where.itemExists(), where.absent('proxyKey'), where.eq('storageKey', proxy.storageKey)),
      },
    );
  }

  async updateAsset(userId: string, assetId: string, changes: { isActive?: boolean; tags?: string[] }): Promise<MediaAsset> {
    const patch: Partial<MediaAsset> = { userId, id: assetId, updatedAt: new Date().toISOString() };
    const fields: ('isActive' | 'tags' | 'updatedAt')[] = ['updatedAt'];
    if (changes.isActive !== undefined) {
      patch.isActive = changes.isActive;
      fields.push('isActive');
    }
    if (changes.tags !== undefined) {
      // The search text reads the title and file name too.
      const current = await this.getAsset(userId, assetId);
      if (!current) throw new NotFoundError(mediaMessages.assetNotFound);
      Object.assign(patch, { title: current.title, fileName: current.fileName, tags: changes.tags });
      fields.push('tags');
    }
    const updated = await assetEntity.updateExisting(this.table, patch, fields);
    if (!updated) throw new NotFoundError(mediaMessages.assetNotFound);
    return updated;
  }

  async moveAsset(asset: MediaAsset, folderId: string | null): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = attempt === 0 ? asset : await this.getAsset(asset.userId, asset.id);
      if (!current) return false;
      if (current.folderId === folderId) return true;
      const moved = await conditionHeld(transactWrite(this.table, moveTransaction(this.name, [{ asset: current, to: folderId }], new Date().toISOString())));
      // A failed condition: the asset moved or went meanwhile; read it again.
      if (moved) return true;
    }
    return false;
  }

  async deleteAsset(asset: MediaAsset): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = attempt === 0 ? asset : await this.getAsset(asset.userId, asset.id);
      if (!current) return false;
      const deleted = await conditionHeld(
        transactWrite(this.table, [
          assetEntity.deleteItem(this.table, current, inFolderCondition(current.folderId)),
          usageCounters.free(this.name, current.userId, current.fileSize),
          ...(current.folderId ? [folderCount(this.name, current.userId, current.folderId, -1)] : []),
        ]),
      );
      // A failed condition: the asset moved or went meanwhile; read it again.
      if (deleted) return true;
    }
    return false;
  }
}
