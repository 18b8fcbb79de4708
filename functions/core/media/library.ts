import { NotFoundError } from '../errors';
import type { AssetListQuery, FolderScope, MediaAssetRepository, MediaFolderRepository, MediaStorageFacts, MediaTagger } from '../ports/media';
import type { ObjectStore } from '../ports/object-store';
import type { Publisher } from '../ports/realtime';
import { requireFolder } from './folders';
import { normalizeTags, objectsOf, toPublicAsset, type MediaAsset } from './media';
import type { MediaSort } from '../../contract/media';
import { announceMediaChange, mediaMessages } from './messages';
import { offlineTags } from './offline-tags';
import { bytesPerMB, storageLimitBytes } from './storage-limits';

export interface ListRequest {
  page: number;
  limit: number;
  search?: string;
  /** undefined: every folder; null: the root. */
  folderId?: string | null;
  sort: MediaSort;
  cursor?: string;
}

export interface MediaLibraryDeps {
  assets: MediaAssetRepository;
  folders: Pick<MediaFolderRepository, 'getFolder' | 'listFolders'>;
  storage: Pick<ObjectStore, 'get' | 'delete'>;
  tagger: MediaTagger;
  /** The usage counters and the plan, for the storage figures (one read of both). */
  storageFacts: MediaStorageFacts;
  publisher: Publisher;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** Runs `work` over `items`, at most `width` at a time, in order of completion. */
async function eachLimited<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * The library's assets: listing in six orders with totals from the counters, the
 * storage figures, the active flag, tags (typed and suggested), and deletes and moves, one or many.
 */
export class MediaLibrary {
  constructor(private readonly deps: MediaLibraryDeps) {}

  private changed(userId: string): Promise<void> {
    return announceMediaChange(this.deps.publisher, userId);
  }

  async storage(userId: string) {
    const { usage, tier } = await this.deps.storageFacts.usageAndTier(userId);
    const limitBytes = storageLimitBytes(tier ?? 'free');
    return {
      usedBytes: usage.bytes,
      limitBytes,
      usedMB: Math.round((usage.bytes / bytesPerMB) * 100) / 100,
      limitMB: limitBytes / bytesPerMB,
      assets: usage.assets,
    };
  }

  /** One page; its total comes from the counters (a search counts its matches, having read the scope). */
  async list(userId: string, request: ListRequest) {
    let scope: FolderScope = { kind: 'all' };
    let folderCount: number | undefined;
    if (request.folderId === null) scope = { kind: 'root' };
    else if (request.folderId) {
      folderCount = (await requireFolder(this.deps.folders, userId, request.folderId)).assetCount;
      scope = { kind: 'folder', folderId: request.folderId };
    }
    const query: AssetListQuery = {
      scope,
      sort: request.sort,
      search: request.search?.trim().toLowerCase() || undefined,
      page: request.page,
      limit: request.limit,
      cursor: request.cursor,
    };
    const [page, storage, folders] = await Promise.all([
      this.deps.assets.listAssets(userId, query),
      this.storage(userId),
      scope.kind === 'root' && !query.search ? this.deps.folders.listFolders(userId) : Promise.resolve([]),
    ]);
    // The root holds every asset less those counted in folders.
    const inFolders = folders.reduce((sum, folder) => sum + folder.assetCount, 0);
    const counted = scope.kind === 'all' ? storage.assets : scope.kind === 'root' ? Math.max(0, storage.assets - inFolders) : (folderCount ?? 0);
    const totalCount = page.matched ?? counted;
    return {
      items: page.items.map(toPublicAsset),
      page: request.page,
      limit: request.limit,
      totalPages: Math.ceil(totalCount / request.limit),
      totalCount,
      nextCursor: page.nextCursor ?? null,
      storage,
    };
  }

  async listAudio(userId: string) {
    const items = await this.deps.assets.listAudio(userId, 500);
    return items.map(toPublicAsset);
  }

  private async assetOf(userId: string, assetId: string): Promise<MediaAsset> {
    const asset = await this.deps.assets.getAsset(userId, assetId);
    if (!asset) throw new NotFoundError(mediaMessages.assetNotFound);
    return asset;
  }

  /** Every id must be the user's: read together, one missing is a 404 and nothing changes. */
  private async assetsOf(userId: string, ids: readonly string[]): Promise<MediaAsset[]> {
    const found = await this.deps.assets.getAssets(userId, ids);
    if (found.length < new Set(ids).size) throw new NotFoundError(mediaMessages.assetNotFound);
    return found;
  }

  async setActive(userId: string, assetId: string, isActive: boolean) {
    const asset = await this.deps.assets.updateAsset(userId, assetId, { isActive });
    await this.changed(userId);
    return toPublicAsset(asset);
  }

  async setTags(userId: string, assetId: string, tags: readonly string[]) {
    const asset = await this.deps.assets.updateAsset(userId, assetId, { tags: normalizeTags(tags) });
    await this.changed(userId);
    return toPublicAsset(asset);
  }

  /** Suggested tags are added to the asset's own. */
  async aiTags(userId: string, assetId: string) {
    const asset = await this.assetOf(userId, assetId);
    let suggested: string[];
    let source: 'openai' | 'offline';
    const thumbnailKey = asset.thumbnailKey;
    try {
      const thumbnail = () => (thumbnailKey ? this.deps.storage.get(thumbnailKey, 2 * bytesPerMB) : Promise.resolve(undefined));
      suggested = normalizeTags(await this.deps.tagger.suggest(asset, thumbnail));
      source = this.deps.tagger.source;
    } catch (error) {
      this.deps.log?.('tagger failed, using offline tags', { error: error instanceof Error ? error.message : String(error) });
      suggested = normalizeTags(offlineTags(asset));
      source = 'offline';
    }
    const updated = await this.deps.assets.updateAsset(userId, assetId, { tags: normalizeTags([...asset.tags, ...suggested]) });
    await this.changed(userId);
    return { tags: updated.tags, suggested, source, asset: toPublicAsset(updated) };
  }

  async deleteAsset(userId: string, assetId: string) {
    const asset = await this.assetOf(userId, assetId);
    await this.remove(asset);
    await this.changed(userId);
    return { message: 'Media asset deleted', id: assetId };
  }

  private async remove(asset: MediaAsset): Promise<boolean> {
    const removed = await this.deps.assets.deleteAsset(asset);
    if (removed) await this.deps.storage.delete(objectsOf(asset));
    return removed;
  }

  /** Every id must be the user's (404 otherwise, nothing moved). */
  async bulkMove(userId: string, assetIds: readonly string[], folderId: string | null) {
    if (folderId) await requireFolder(this.deps.folders, userId, folderId);
    const assets = await this.assetsOf(userId, assetIds);
    let moved = 0;
    await eachLimited(assets, 8, async (asset) => {
      if (await this.deps.assets.moveAsset(asset, folderId)) moved += 1;
    });
    await this.changed(userId);
    return { message: `Moved ${moved} ${moved === 1 ? 'item' : 'items'}`, moved, folderId };
  }

  /** Every id must be the user's (404 otherwise, nothing deleted). */
  async bulkDelete(userId: string, ids: readonly string[]) {
    const assets = await this.assetsOf(userId, ids);
    const deleted: string[] = [];
    const failed: string[] = [];
    await eachLimited(assets, 8, async (asset) => {
      if (await this.remove(asset)) deleted.push(asset.id);
      else failed.push(asset.id);
    });
    await this.changed(userId);
    return {
      message: `Deleted ${deleted.length} ${deleted.length === 1 ? 'item' : 'items'}`,
      results: { success: deleted.length, failed: failed.length, deletedIds: deleted, failedIds: failed },
    };
  }
}
