import type { Framing } from '../media/framing';
import type { MediaAsset, MediaFolder, MediaUsage, PendingUpload } from '../media/media';
import type { MediaSort } from '../../contract/media';
import type { Tier } from '../../contract/users';

/** Which assets a listing reads: every asset, one folder's, or those at the root (no folder). */
export type FolderScope = { kind: 'all' } | { kind: 'folder'; folderId: string } | { kind: 'root' };

export interface AssetListQuery {
  scope: FolderScope;
  sort: MediaSort;
  /** Lower-cased; matched against title, file name and tags. */
  search?: string;
  page: number;
  limit: number;
  /** From a previous answer: reads the next page without skipping from the start. */
  cursor?: string;
}

export interface AssetListPage {
  items: MediaAsset[];
  /**
   * A search only: every asset of the scope that matched (a search reads the scope whole anyway).
   * Other totals come from the counters (usage, a folder's assetCount), never from counting.
   */
  matched?: number;
  /** Where the page after this one starts, when there is one. */
  nextCursor?: string;
}

/**
 * What the storage figures are made of, read together in one round trip (the listing asks for them on
 * every page): the user's usage counters and plan. `tier` is undefined when the user has no profile.
 */
export interface MediaStorageFacts {
  usageAndTier(userId: string): Promise<{ usage: MediaUsage; tier: Tier | undefined }>;
}

/**
 * The media library's records, one port per record type. Counters (assets, bytes kept, bytes
 * charged; each folder's asset count) change only in the same transaction as the records they count.
 */
export interface MediaAssetRepository {
  usage(userId: string): Promise<MediaUsage>;
  getAsset(userId: string, assetId: string): Promise<MediaAsset | undefined>;
  /** The user's assets among `assetIds` (read together, duplicates once), in the order first named; missing ones left out. */
  getAssets(userId: string, assetIds: readonly string[]): Promise<MediaAsset[]>;
  listAssets(userId: string, query: AssetListQuery): Promise<AssetListPage>;
  /** Audio assets, newest first. */
  listAudio(userId: string, limit: number): Promise<MediaAsset[]>;
  /** NotFoundError when the asset is not the user's. */
  updateAsset(userId: string, assetId: string, changes: { isActive?: boolean; tags?: string[] }): Promise<MediaAsset>;
  /** Moves the asset (no-op when it is already there); false when it is gone. */
  moveAsset(asset: MediaAsset, folderId: string | null): Promise<boolean>;
  /** Removes the asset and frees its bytes; false when it was already gone. */
  deleteAsset(asset: MediaAsset): Promise<boolean>;
  /**
   * Records a proxy copy made after upload: sets `proxyKey` alone (no other field is written, so a
   * move, a tag edit or a rename made meanwhile stands), only while the asset exists, still has the same
   * original and has no proxy yet; false otherwise. Charges nothing.
   */
  recordProxy(userId: string, assetId: string, proxy: { proxyKey: string; storageKey: string }): Promise<boolean>;
}

/**
 * Hands clips kept without a proxy copy to the background job that makes them (an asynchronous invoke
 * in the cloud, the same handler in process locally). Returns once handed over, never after the copy;
 * the job is idempotent (the record is conditional), so handing a clip twice costs at most a second copy.
 */
export interface ClipProxyRequests {
  request(userId: string, assetIds: readonly string[]): Promise<void>;
}

export interface MediaUploadRepository {
  /** Records the pending upload and charges its declared size, unless that would pass `limitBytes`: false then. */
  reserveUpload(upload: PendingUpload, limitBytes: number): Promise<boolean>;
  getPendingUpload(userId: string, uploadId: string): Promise<PendingUpload | undefined>;
  listPendingUploads(userId: string): Promise<PendingUpload[]>;
  /** Forgets the pending upload and gives back its charge; false when another caller already did. */
  releaseUpload(upload: PendingUpload): Promise<boolean>;
  /**
   * Turns the pending upload into the asset: one transaction that removes the upload, writes the
   * asset, charges the real size instead of the declared one, and counts the asset in its folder.
   * Answers the asset as placed (at the root when its folder was deleted meanwhile); undefined when
   * the upload was already completed or released.
   */
  completeUpload(upload: PendingUpload, asset: MediaAsset): Promise<MediaAsset | undefined>;
}

export interface MediaFolderRepository {
  listFolders(userId: string): Promise<MediaFolder[]>;
  getFolder(userId: string, folderId: string): Promise<MediaFolder | undefined>;
  createFolder(folder: MediaFolder): Promise<void>;
  renameFolder(userId: string, folderId: string, name: string): Promise<MediaFolder>;
  /** Moves the folder's assets to the root, its subfolders to its parent, then removes it. */
  deleteFolder(folder: MediaFolder): Promise<void>;
}

export interface ProbeResult {
  formatName: string;
  durationSeconds: number | null;
  bitrate: number | null;
  video: { codec: string; width: number; height: number; fps: number | null; colorSpace: string | null } | null;
  audio: { codec: string; sampleRate: number | null; channels: number | null } | null;
}

/**
 * ffprobe or ffmpeg ran and could not read the file (it exited with an error, or took too long): the
 * file's fault. Any other failure (the binary missing, the disk full) is the server's.
 */
export class UnreadableMediaError extends Error {
  override name = 'UnreadableMediaError';
}

/** A stored object copied to where ffmpeg can read it; close() removes the copy. */
export interface LocalMedia {
  readonly size: number;
  head(bytes: number): Promise<Uint8Array>;
  probe(): Promise<ProbeResult>;
  /** One frame as a JPEG at most 480 pixels wide. */
  thumbnail(atSeconds: number): Promise<Uint8Array>;
  /** A video's in-point and focus from a quick look at its opening; UnreadableMediaError when the look fails. */
  framing(clip: { duration: number; width: number | null; height: number | null }): Promise<Framing>;
  /**
   * A video's proxy copy (small, quick to seek, no sound; read by the settings preview and draft
   * renders), written beside the local copy; its path. UnreadableMediaError when making it fails or runs long.
   */
  proxy(clip: { fps: number | null }, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export interface MediaProcessor {
  /** Copies the object locally; refuses (InvalidMediaError) an object larger than `maxBytes`. */
  open(key: string, maxBytes: number): Promise<LocalMedia>;
}

/** Tags for an asset: OpenAI vision on the thumbnail when a key is set, else from title and metadata. */
export interface MediaTagger {
  /** Who made the last suggestion (a tagger whose key is read on first use knows only after it). */
  readonly source: 'openai' | 'offline';
  /** `thumbnail` loads the JPEG (undefined for audio); only a tagger that looks at pictures calls it. */
  suggest(asset: MediaAsset, thumbnail: () => Promise<Uint8Array | undefined>): Promise<string[]>;
}

/** Scripts that name a folder as their preferred folder (the scripts area owns them). */
export interface FolderReferences {
  scriptsUsing(userId: string, folderId: string): Promise<{ id: string; title: string }[]>;
  reassign(userId: string, scriptIds: readonly string[], folderId: string | null): Promise<void>;
}
