import type { Framing } from '../../../functions/core/media/framing';
import type { MediaAsset, MediaFolder, MediaUsage, PendingUpload } from '../../../functions/core/media/media';
import type {
  AssetListPage,
  AssetListQuery,
  LocalMedia,
  MediaAssetRepository,
  MediaFolderRepository,
  MediaProcessor,
  MediaUploadRepository,
  ProbeResult,
} from '../../../functions/core/ports/media';
import type { RecentMediaUse } from '../../../functions/core/ports/video';
import type { MemoryObjectStore } from './object-store';

/**
 * The media library's records with the table's transactions: an upload is charged its declared size only
 * while the user's charged bytes stay within the limit; releasing and completing are each done once
 * (a second caller gets false / undefined); completing swaps the declared size for the real one, counts
 * the asset in its folder, and keeps it at the root when its folder was deleted meanwhile.
 */
export class MemoryMedia
  implements
    MediaUploadRepository,
    Pick<MediaFolderRepository, 'getFolder' | 'listFolders'>,
    Pick<MediaAssetRepository, 'usage' | 'getAsset' | 'getAssets' | 'listAssets'>
{
  readonly uploads = new Map<string, PendingUpload>();
  readonly assets = new Map<string, MediaAsset>();
  readonly folders = new Map<string, MediaFolder>();
  readonly usages = new Map<string, MediaUsage>();

  private usageOf(userId: string): MediaUsage {
    return this.usages.get(userId) ?? { assets: 0, bytes: 0, chargedBytes: 0 };
  }

  addFolder(userId: string, id: string, name = `Folder ${id}`): MediaFolder {
    const now = '2026-01-01T00:00:00.000Z';
    const folder: MediaFolder = {
      id,
      userId,
      name,
      parentId: null,
      description: null,
      color: null,
      isDefault: false,
      assetCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    this.folders.set(`${userId}#${id}`, folder);
    return folder;
  }

  /** An asset already kept (counted and charged), as a test's given. */
  addAsset(asset: MediaAsset): MediaAsset {
    this.assets.set(`${asset.userId}#${asset.id}`, asset);
    const usage = this.usageOf(asset.userId);
    this.usages.set(asset.userId, { assets: usage.assets + 1, bytes: usage.bytes + asset.fileSize, chargedBytes: usage.chargedBytes + asset.fileSize });
    return asset;
  }

  usage(userId: string): Promise<MediaUsage> {
    return Promise.resolve(this.usageOf(userId));
  }

  getFolder(userId: string, folderId: string): Promise<MediaFolder | undefined> {
    return Promise.resolve(this.folders.get(`${userId}#${folderId}`));
  }

  listFolders(userId: string): Promise<MediaFolder[]> {
    return Promise.resolve([...this.folders.values()].filter((folder) => folder.userId === userId));
  }

  getAsset(userId: string, assetId: string): Promise<MediaAsset | undefined> {
    return Promise.resolve(this.assets.get(`${userId}#${assetId}`));
  }

  getAssets(userId: string, assetIds: readonly string[]): Promise<MediaAsset[]> {
    return Promise.resolve([...new Set(assetIds)].flatMap((id) => this.assets.get(`${userId}#${id}`) ?? []));
  }

  /** Every asset of the user in one page (newest first): enough for what the planner reads. */
  listAssets(userId: string, query: AssetListQuery): Promise<AssetListPage> {
    const items = [...this.assets.values()].filter((asset) => asset.userId === userId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return Promise.resolve({ items: query.page === 1 ? items.slice(0, query.limit) : [] });
  }

  reserveUpload(upload: PendingUpload, limitBytes: number): Promise<boolean> {
    const usage = this.usageOf(upload.userId);
    if (this.uploads.has(upload.id) || usage.chargedBytes + upload.declaredSize > limitBytes) return Promise.resolve(false);
    this.uploads.set(upload.id, upload);
    this.usages.set(upload.userId, { ...usage, chargedBytes: usage.chargedBytes + upload.declaredSize });
    return Promise.resolve(true);
  }

  getPendingUpload(userId: string, uploadId: string): Promise<PendingUpload | undefined> {
    const upload = this.uploads.get(uploadId);
    return Promise.resolve(upload?.userId === userId ? upload : undefined);
  }

  listPendingUploads(userId: string): Promise<PendingUpload[]> {
    return Promise.resolve([...this.uploads.values()].filter((upload) => upload.userId === userId));
  }

  releaseUpload(upload: PendingUpload): Promise<boolean> {
    if (!this.uploads.delete(upload.id)) return Promise.resolve(false);
    const usage = this.usageOf(upload.userId);
    this.usages.set(upload.userId, { ...usage, chargedBytes: Math.max(0, usage.chargedBytes - upload.declaredSize) });
    return Promise.resolve(true);
  }

  completeUpload(upload: PendingUpload, asset: MediaAsset): Promise<MediaAsset | undefined> {
    if (!this.uploads.delete(upload.id)) return Promise.resolve(undefined);
    const folder = asset.folderId ? this.folders.get(`${upload.userId}#${asset.folderId}`) : undefined;
    const placed = { ...asset, folderId: folder ? folder.id : null };
    if (folder) this.folders.set(`${upload.userId}#${folder.id}`, { ...folder, assetCount: folder.assetCount + 1 });
    this.assets.set(`${upload.userId}#${placed.id}`, placed);
    const usage = this.usageOf(upload.userId);
    this.usages.set(upload.userId, {
      assets: usage.assets + 1,
      bytes: usage.bytes + asset.fileSize,
      chargedBytes: usage.chargedBytes - upload.declaredSize + asset.fileSize,
    });
    return Promise.resolve(placed);
  }
}

/** ffprobe's and ffmpeg's answers for a stored file, as a test sets them; the file's bytes are the store's. */
export interface FileLook {
  probe: ProbeResult | Error;
  thumbnail?: Uint8Array | Error;
  framing?: Framing | Error;
  proxyPath?: string | Error;
}

/** The media processor over the in-memory bucket: what it opens is the object's bytes; what ffprobe says is `looks`. */
export class MemoryMediaProcessor implements MediaProcessor {
  readonly looks = new Map<string, FileLook>();
  /** What ffprobe says of a file with no look of its own. */
  fallback: FileLook | undefined;
  readonly opened: string[] = [];
  closed = 0;

  constructor(private readonly store: MemoryObjectStore) {}

  open(key: string, maxBytes: number): Promise<LocalMedia> {
    const bytes = this.store.objects.get(key)?.body;
    if (!bytes) return Promise.reject(new Error(`no object ${key}`));
    if (bytes.byteLength > maxBytes) return Promise.reject(new Error('too large'));
    this.opened.push(key);
    const look = this.looks.get(key) ?? this.fallback ?? { probe: new Error('no look set for this file') };
    const answer = <T>(value: T | Error | undefined, what: string): Promise<T> =>
      value === undefined ? Promise.reject(new Error(`no ${what} set`)) : value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    return Promise.resolve({
      size: bytes.byteLength,
      head: (count: number) => Promise.resolve(bytes.slice(0, count)),
      probe: () => answer(look.probe, 'probe'),
      thumbnail: () => answer(look.thumbnail, 'thumbnail'),
      framing: () => answer(look.framing, 'framing'),
      proxy: () => answer(look.proxyPath, 'proxy'),
      close: () => {
        this.closed += 1;
        return Promise.resolve();
      },
    });
  }
}

/** When each medium was last used in a video. */
export class MemoryRecentMediaUse implements RecentMediaUse {
  readonly uses = new Map<string, number>();

  since(userId: string, sinceMs: number): Promise<Record<string, number>> {
    const found: Record<string, number> = {};
    for (const [key, at] of this.uses) {
      const [owner, mediaId] = key.split('#');
      if (owner === userId && mediaId && at >= sinceMs) found[mediaId] = at;
    }
    return Promise.resolve(found);
  }

  record(userId: string, mediaIds: readonly string[], atMs: number): Promise<void> {
    for (const id of mediaIds) this.uses.set(`${userId}#${id}`, atMs);
    return Promise.resolve();
  }
}

/** A kept asset of the user's library (a 20 s 1080x1920 clip unless changed). */
export function mediaAsset(userId: string, id: string, changes: Partial<MediaAsset> = {}): MediaAsset {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id,
    userId,
    title: `Clip ${id}`,
    fileName: `${id}.mp4`,
    fileType: 'video/mp4',
    kind: 'video',
    fileSize: 1_000_000,
    duration: 20,
    tags: [],
    isActive: true,
    folderId: null,
    storageKey: `users/${userId}/media/${id}.mp4`,
    thumbnailKey: null,
    width: 1080,
    height: 1920,
    codec: 'h264',
    audioCodec: null,
    bitrate: 4_000_000,
    fps: 30,
    sampleRate: null,
    channels: null,
    format: 'mov,mp4,m4a,3gp,3g2,mj2',
    aspectRatio: '9:16',
    colorSpace: null,
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
}
