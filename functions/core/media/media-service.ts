import { ConflictError, FileTooLargeError, InvalidMediaError, LimitExceededError, NotFoundError, UnsupportedFileTypeError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type {
  AssetListQuery,
  FolderReferences,
  FolderScope,
  LocalMedia,
  MediaProcessor,
  MediaRepository,
  MediaStorage,
  MediaTagger,
} from '../ports/media';
import { UnreadableMediaError } from '../ports/media';
import type { Publisher } from '../ports/realtime';
import { remoteFetchLimits, type RemoteFetcher, type RemoteFile, type RemoteMediaKind } from '../ports/remote-fetcher';
import { fileTypes, formatMatches, magicMatches, maxUploadBytes, resolveFileType, type FileTypeInfo } from './file-types';
import {
  aspectRatioOf,
  displayFileName,
  normalizeTags,
  objectKeys,
  titleFromFileName,
  toPublicAsset,
  toPublicFolder,
  type MediaAsset,
  type MediaFolder,
  type MediaSort,
  type PendingUpload,
  type PublicAsset,
} from './media';
import { offlineTags } from './offline-tags';
import { bytesPerMB, storageLimitBytes } from './storage-limits';

export const uploadUrlSeconds = 15 * 60;
/** A reservation not completed within this long is given back the next time the user needs room. */
export const staleUploadMs = 60 * 60 * 1000;
/** POST /api/media/upload (multipart through the API) takes files up to this size; larger go straight to S3. */
export const directUploadMaxBytes = 4 * 1024 * 1024;
export const proxyUrlSeconds = 300;

export const mediaMessages = {
  assetNotFound: 'Media asset not found',
  folderNotFound: 'Folder not found',
  uploadNotFound: 'Upload not found or already completed',
  tooLarge: 'File exceeds the 50MB limit',
  unsupported: 'Unsupported file type. Supported types: MP4, MOV, MP3 (audio: MP3, WAV, AAC, M4A, FLAC)',
  storageFull: 'Storage limit reached',
  empty: 'The file is empty',
  notUploaded: 'The file was not uploaded',
  folderName: 'Folder name is required',
} as const;

export interface UploadRequest {
  fileName: string;
  contentType?: string;
  size: number;
  folderId?: string | null;
  tags?: string[];
}

export interface ListRequest {
  page: number;
  limit: number;
  search?: string;
  /** undefined: every folder; null: the root. */
  folderId?: string | null;
  sort: MediaSort;
  cursor?: string;
}

export interface MediaServiceDeps {
  repo: MediaRepository;
  storage: MediaStorage;
  processor: MediaProcessor;
  tagger: MediaTagger;
  folderRefs: FolderReferences;
  users: Pick<UserRepository, 'get'>;
  publisher: Publisher;
  remote: RemoteFetcher;
  log?: (message: string, fields: Record<string, unknown>) => void;
  clock?: () => number;
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
 * The media library (spec 001 §2, §7; issue 5): folders, uploads straight to S3 checked before they
 * are kept (DESIGN decision 7), listing in six orders, tags, bulk actions and previews.
 */
export class MediaService {
  private readonly clock: () => number;

  constructor(private readonly deps: MediaServiceDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }

  private changed(userId: string): Promise<void> {
    return this.deps.publisher.publish(userId, { type: 'media', userId }).catch(() => undefined);
  }

  private async limitBytes(userId: string): Promise<number> {
    const user = await this.deps.users.get(userId);
    return storageLimitBytes(user?.subscriptionTier ?? 'free');
  }

  async storage(userId: string) {
    const [usage, limitBytes] = await Promise.all([this.deps.repo.usage(userId), this.limitBytes(userId)]);
    return {
      usedBytes: usage.bytes,
      limitBytes,
      usedMB: Math.round((usage.bytes / bytesPerMB) * 100) / 100,
      limitMB: limitBytes / bytesPerMB,
      assets: usage.assets,
    };
  }

  // Folders ------------------------------------------------------------------------------------

  async listFolders(userId: string) {
    const folders = await this.deps.repo.listFolders(userId);
    return folders.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map(toPublicFolder);
  }

  private async folderOf(userId: string, folderId: string): Promise<MediaFolder> {
    const folder = await this.deps.repo.getFolder(userId, folderId);
    if (!folder) throw new NotFoundError(mediaMessages.folderNotFound);
    return folder;
  }

  async createFolder(userId: string, input: { name: string; parentFolderId?: string | null; description?: string | null; color?: string | null }) {
    const name = input.name.trim();
    if (!name) throw new ValidationError(mediaMessages.folderName);
    if (input.parentFolderId) await this.folderOf(userId, input.parentFolderId);
    const now = this.now();
    const folder: MediaFolder = {
      id: newId(),
      userId,
      name,
      parentId: input.parentFolderId ?? null,
      description: input.description ?? null,
      color: input.color ?? null,
      isDefault: false,
      assetCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.repo.createFolder(folder);
    await this.changed(userId);
    return toPublicFolder(folder);
  }

  async renameFolder(userId: string, folderId: string, name: string) {
    const trimmed = name.trim();
    if (!trimmed) throw new ValidationError(mediaMessages.folderName);
    const folder = await this.deps.repo.renameFolder(userId, folderId, trimmed);
    await this.changed(userId);
    return toPublicFolder(folder);
  }

  /** Refused (409, FOLDER_IN_USE) while scripts name the folder as their preferred folder. */
  async deleteFolder(userId: string, folderId: string) {
    const folder = await this.folderOf(userId, folderId);
    const scripts = await this.deps.folderRefs.scriptsUsing(userId, folderId);
    if (scripts.length > 0) {
      const count = scripts.length === 1 ? '1 script uses' : `${scripts.length} scripts use`;
      throw new ConflictError(
        `Cannot delete folder: ${count} it as their preferred folder. Choose a replacement folder.`,
        { scripts },
        'FOLDER_IN_USE',
      );
    }
    await this.deps.repo.deleteFolder(folder);
    await this.changed(userId);
    return { message: 'Folder deleted', movedAssets: folder.assetCount };
  }

  /** Points the scripts at the replacement (or at no folder) and deletes the folder. */
  async forceDeleteFolder(userId: string, folderId: string, replacementFolderId: string | null) {
    const folder = await this.folderOf(userId, folderId);
    if (replacementFolderId === folderId) throw new ValidationError('The replacement must be another folder');
    if (replacementFolderId) await this.folderOf(userId, replacementFolderId);
    const scripts = await this.deps.folderRefs.scriptsUsing(userId, folderId);
    await this.deps.folderRefs.reassign(
      userId,
      scripts.map((script) => script.id),
      replacementFolderId,
    );
    await this.deps.repo.deleteFolder(folder);
    await this.changed(userId);
    return { message: 'Folder deleted', updatedScripts: scripts.length, movedAssets: folder.assetCount, replacementFolderId };
  }

  // Uploads ------------------------------------------------------------------------------------

  private checkDeclared(input: UploadRequest): FileTypeInfo {
    const type = resolveFileType(input.contentType, input.fileName);
    if (!type) throw new UnsupportedFileTypeError(mediaMessages.unsupported);
    if (input.size > maxUploadBytes) throw new FileTooLargeError(mediaMessages.tooLarge);
    if (input.size <= 0) throw new InvalidMediaError(mediaMessages.empty);
    return type;
  }

  /** Gives back the charge of uploads started long ago and never completed. */
  private async releaseStale(userId: string): Promise<number> {
    const pending = await this.deps.repo.listPendingUploads(userId);
    const stale = pending.filter((upload) => this.clock() - Date.parse(upload.createdAt) > staleUploadMs);
    let released = 0;
    for (const upload of stale) {
      await this.deps.storage.delete([upload.storageKey]);
      if (await this.deps.repo.releaseUpload(upload)) released += 1;
    }
    return released;
  }

  private async reserve(userId: string, input: UploadRequest, type: FileTypeInfo): Promise<PendingUpload> {
    const folderId = input.folderId ?? null;
    if (folderId) await this.folderOf(userId, folderId);
    const id = newId();
    const upload: PendingUpload = {
      id,
      userId,
      storageKey: objectKeys.original(userId, id, type.ext),
      fileType: type.mime,
      fileName: displayFileName(input.fileName),
      title: titleFromFileName(input.fileName),
      declaredSize: input.size,
      folderId,
      tags: normalizeTags(input.tags ?? []),
      createdAt: this.now(),
    };
    const limit = await this.limitBytes(userId);
    let reserved = await this.deps.repo.reserveUpload(upload, limit);
    if (!reserved && (await this.releaseStale(userId)) > 0) reserved = await this.deps.repo.reserveUpload(upload, limit);
    if (!reserved) throw new LimitExceededError(mediaMessages.storageFull, { limitMB: limit / bytesPerMB }, 'STORAGE_LIMIT');
    return upload;
  }

  /** Step 1 of an upload (decision 7): charge the declared size and sign a POST of at most that size. */
  async beginUpload(userId: string, input: UploadRequest) {
    const type = this.checkDeclared(input);
    const upload = await this.reserve(userId, input, type);
    const signed = await this.deps.storage.presignUpload({
      key: upload.storageKey,
      contentType: type.mime,
      maxBytes: input.size,
      expiresSeconds: uploadUrlSeconds,
    });
    return {
      uploadId: upload.id,
      url: signed.url,
      fields: signed.fields,
      contentType: type.mime,
      maxBytes: input.size,
      expiresAt: new Date(this.clock() + uploadUrlSeconds * 1000).toISOString(),
    };
  }

  /** Step 2: check the bytes that arrived, then keep them as an asset, or delete them and say why. */
  async completeUpload(userId: string, uploadId: string): Promise<PublicAsset> {
    const upload = await this.deps.repo.getPendingUpload(userId, uploadId);
    if (!upload) throw new NotFoundError(mediaMessages.uploadNotFound);
    const started = this.clock();
    const thumbnailKey = objectKeys.thumbnail(userId, upload.id);
    let local: LocalMedia | undefined;
    let committed = false;
    try {
      const asset = await this.examine(upload, thumbnailKey, (opened) => (local = opened));
      committed = await this.deps.repo.completeUpload(upload, asset);
      if (!committed) throw new ConflictError(mediaMessages.uploadNotFound);
      this.deps.log?.('upload completed', { assetId: asset.id, bytes: asset.fileSize, ms: this.clock() - started });
      await this.changed(userId);
      return toPublicAsset((await this.deps.repo.getAsset(userId, asset.id)) ?? asset);
    } catch (error) {
      if (!committed && !(error instanceof ConflictError)) {
        await this.deps.storage.delete([upload.storageKey, thumbnailKey]);
        await this.deps.repo.releaseUpload(upload);
      }
      throw error;
    } finally {
      await (local as LocalMedia | undefined)?.close();
    }
  }

  private async examine(upload: PendingUpload, thumbnailKey: string, opened: (local: LocalMedia) => void): Promise<MediaAsset> {
    const type = fileTypes[upload.fileType];
    if (!type) throw new UnsupportedFileTypeError(mediaMessages.unsupported);
    const size = await this.deps.storage.size(upload.storageKey);
    if (size === undefined) throw new ValidationError(mediaMessages.notUploaded);
    if (size === 0) throw new InvalidMediaError(mediaMessages.empty);
    if (size > upload.declaredSize || size > maxUploadBytes) throw new FileTooLargeError(mediaMessages.tooLarge);
    const local = await this.deps.processor.open(upload.storageKey, maxUploadBytes);
    opened(local);
    const notValid = `The file is not a valid ${type.label} file`;
    if (!magicMatches(type, await local.head(64))) throw new InvalidMediaError(notValid);
    let probe;
    try {
      probe = await local.probe();
    } catch (error) {
      if (error instanceof UnreadableMediaError) throw new InvalidMediaError(`The ${type.label} file could not be read: it may be damaged or incomplete`);
      throw error;
    }
    if (!formatMatches(type, probe.formatName)) throw new InvalidMediaError(notValid);
    if (type.kind === 'video' && !probe.video) throw new InvalidMediaError(`The ${type.label} file has no video`);
    if (type.kind === 'audio' && !probe.audio) throw new InvalidMediaError(`The ${type.label} file has no audio`);
    const duration = probe.durationSeconds ?? 0;
    if (!(duration > 0)) throw new InvalidMediaError(`The ${type.label} file has no playable length: it may be damaged or incomplete`);

    let storedThumbnail: string | null = null;
    if (probe.video) {
      let jpeg: Uint8Array;
      try {
        jpeg = await local.thumbnail(Math.min(1, duration / 2));
      } catch (error) {
        if (error instanceof UnreadableMediaError) throw new InvalidMediaError(`No frame of the ${type.label} file could be read: it may be damaged or incomplete`);
        throw error;
      }
      await this.deps.storage.put(thumbnailKey, jpeg, 'image/jpeg');
      storedThumbnail = thumbnailKey;
    }
    const video = probe.video;
    const now = this.now();
    return {
      id: upload.id,
      userId: upload.userId,
      title: upload.title,
      fileName: upload.fileName,
      fileType: type.mime,
      kind: type.kind,
      fileSize: size,
      duration: Math.round(duration * 1000) / 1000,
      tags: upload.tags,
      isActive: true,
      folderId: upload.folderId,
      storageKey: upload.storageKey,
      thumbnailKey: storedThumbnail,
      width: video?.width ?? null,
      height: video?.height ?? null,
      codec: video?.codec ?? probe.audio?.codec ?? null,
      audioCodec: probe.audio?.codec ?? null,
      bitrate: probe.bitrate,
      fps: video?.fps ?? null,
      sampleRate: probe.audio?.sampleRate ?? null,
      channels: probe.audio?.channels ?? null,
      format: probe.formatName,
      aspectRatio: aspectRatioOf(video?.width ?? null, video?.height ?? null),
      colorSpace: video?.colorSpace ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** The spec's POST /api/media/upload: one small file through the API, checked the same way. */
  async uploadDirect(userId: string, input: { fileName: string; contentType?: string; bytes: Uint8Array; tags?: string[]; folderId?: string | null }) {
    const request: UploadRequest = { fileName: input.fileName, contentType: input.contentType, size: input.bytes.byteLength, tags: input.tags, folderId: input.folderId };
    const type = this.checkDeclared(request);
    if (input.bytes.byteLength > directUploadMaxBytes) {
      throw new FileTooLargeError(`Files over ${directUploadMaxBytes / bytesPerMB} MB are uploaded with POST /api/media/upload-url`);
    }
    const upload = await this.reserve(userId, request, type);
    try {
      await this.deps.storage.put(upload.storageKey, input.bytes, type.mime);
    } catch (error) {
      await this.deps.storage.delete([upload.storageKey]);
      await this.deps.repo.releaseUpload(upload);
      throw error;
    }
    return this.completeUpload(userId, upload.id);
  }

  // Listing ------------------------------------------------------------------------------------

  async list(userId: string, request: ListRequest) {
    let scope: FolderScope = { kind: 'all' };
    if (request.folderId === null) scope = { kind: 'root' };
    else if (request.folderId) {
      await this.folderOf(userId, request.folderId);
      scope = { kind: 'folder', folderId: request.folderId };
    }
    const query: AssetListQuery = {
      scope,
      sort: request.sort,
      search: request.search?.trim().toLowerCase() || undefined,
      page: request.page,
      limit: request.limit,
      cursor: request.cursor,
      // Every asset, no search: the usage counters read for the storage figures hold the total.
      skipTotal: scope.kind === 'all' && !request.search?.trim(),
    };
    const [page, storage] = await Promise.all([this.deps.repo.listAssets(userId, query), this.storage(userId)]);
    const totalCount = query.skipTotal ? storage.assets : page.totalCount;
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
    const items = await this.deps.repo.listAudio(userId, 500);
    return items.map(toPublicAsset);
  }

  // Changes ------------------------------------------------------------------------------------

  private async assetOf(userId: string, assetId: string): Promise<MediaAsset> {
    const asset = await this.deps.repo.getAsset(userId, assetId);
    if (!asset) throw new NotFoundError(mediaMessages.assetNotFound);
    return asset;
  }

  async setActive(userId: string, assetId: string, isActive: boolean) {
    const asset = await this.deps.repo.updateAsset(userId, assetId, { isActive });
    await this.changed(userId);
    return toPublicAsset(asset);
  }

  async setTags(userId: string, assetId: string, tags: readonly string[]) {
    const asset = await this.deps.repo.updateAsset(userId, assetId, { tags: normalizeTags(tags) });
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
      const thumbnail = () => (thumbnailKey ? this.deps.storage.read(thumbnailKey, 2 * bytesPerMB) : Promise.resolve(undefined));
      suggested = normalizeTags(await this.deps.tagger.suggest(asset, thumbnail));
      source = this.deps.tagger.source;
    } catch (error) {
      this.deps.log?.('tagger failed, using offline tags', { error: error instanceof Error ? error.message : String(error) });
      suggested = normalizeTags(offlineTags(asset));
      source = 'offline';
    }
    const updated = await this.deps.repo.updateAsset(userId, assetId, { tags: normalizeTags([...asset.tags, ...suggested]) });
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
    const removed = await this.deps.repo.deleteAsset(asset);
    if (removed) await this.deps.storage.delete([asset.storageKey, ...(asset.thumbnailKey ? [asset.thumbnailKey] : [])]);
    return removed;
  }

  private async assetsOf(userId: string, ids: readonly string[]): Promise<MediaAsset[]> {
    const unique = [...new Set(ids)];
    const found: MediaAsset[] = [];
    await eachLimited(unique, 8, async (id) => {
      found.push(await this.assetOf(userId, id));
    });
    return found;
  }

  /** Every id must be the user's (404 otherwise, nothing moved). */
  async bulkMove(userId: string, assetIds: readonly string[], folderId: string | null) {
    if (folderId) await this.folderOf(userId, folderId);
    const assets = await this.assetsOf(userId, assetIds);
    let moved = 0;
    await eachLimited(assets, 8, async (asset) => {
      if (await this.deps.repo.moveAsset(asset, folderId)) moved += 1;
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

  // Previews -----------------------------------------------------------------------------------

  /** Our own object: a short-lived presigned GET, for the user's own keys only. */
  async ownObjectUrl(userId: string, key: string): Promise<string> {
    if (!key.startsWith(objectKeys.userPrefix(userId)) || key.includes('..')) throw new NotFoundError();
    return this.deps.storage.presignDownload(key, proxyUrlSeconds);
  }

  /** A remote URL, fetched under DESIGN decision 8 by the one guarded fetcher; only media of `kinds`. */
  fetchRemote(url: string, kinds: readonly RemoteMediaKind[]): Promise<RemoteFile> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ValidationError('url must be one of your media files or an absolute http(s) URL');
    }
    return this.deps.remote.fetch(parsed, { ...remoteFetchLimits, kinds });
  }
}
