import { ConflictError, FileTooLargeError, InvalidMediaError, LimitExceededError, NotFoundError, UnsupportedFileTypeError, ValidationError } from '../errors';
import { uploadTicket } from '../files/upload-ticket';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type { ClipProxyRequests, LocalMedia, MediaFolderRepository, MediaProcessor, MediaUploadRepository, ProbeResult } from '../ports/media';
import type { ObjectStore } from '../ports/object-store';
import { UnreadableMediaError } from '../ports/media';
import type { Publisher } from '../ports/realtime';
import { formatMatches, magicMatches } from './file-checks';
import { fileTypes, maxUploadBytes, resolveFileType, type FileTypeInfo } from '../../contract/rules/file-types';
import { requireFolder } from './folders';
import type { Framing } from './framing';
import { objectKeys } from '../files/bucket-layout';
import { needsProxy } from './clip-proxies';
import {
  aspectRatioOf,
  displayFileName,
  maxProxyPixelFrames,
  wantsProxy,
  normalizeTags,
  titleFromFileName,
  toPublicAsset,
  type MediaAsset,
  type PendingUpload,
} from './media';
import type { PublicAsset } from '../../contract/media';
import { announceMediaChange, mediaMessages } from './messages';
import { bytesPerMB, storageLimitBytes } from './storage-limits';

export const uploadUrlSeconds = 15 * 60;
/** A reservation not completed within this long is given back the next time the user needs room. */
export const staleUploadMs = 60 * 60 * 1000;
/** POST /api/media/upload (multipart through the API) takes files up to this size; larger go straight to S3. */
export const directUploadMaxBytes = 4 * 1024 * 1024;

// The inspection of an upload: pure rules over what arrived -------------------------------------

/** What the refusals of an upload's bytes say (each a 422 but the size's). */
export const uploadRefusals = {
  notValid: (type: FileTypeInfo) => `The file is not a valid ${type.label} file`,
  unreadable: (type: FileTypeInfo) => `The ${type.label} file could not be read: it may be damaged or incomplete`,
  noVideo: (type: FileTypeInfo) => `The ${type.label} file has no video`,
  noAudio: (type: FileTypeInfo) => `The ${type.label} file has no audio`,
  noLength: (type: FileTypeInfo) => `The ${type.label} file has no playable length: it may be damaged or incomplete`,
  noFrame: (type: FileTypeInfo) => `No frame of the ${type.label} file could be read: it may be damaged or incomplete`,
};

/** The stored object's size, if it may be kept: nothing there, nothing in it, or more than declared (or 50 MB) is refused. */
export function arrivedSize(size: number | undefined, declaredSize: number): number {
  if (size === undefined) throw new ValidationError(mediaMessages.notUploaded);
  if (size === 0) throw new InvalidMediaError(mediaMessages.empty);
  if (size > declaredSize || size > maxUploadBytes) throw new FileTooLargeError(mediaMessages.tooLarge);
  return size;
}

/** What ffprobe tells about the file, as the asset keeps it. */
export type AssetMetadata = Pick<
  MediaAsset,
  'kind' | 'duration' | 'width' | 'height' | 'codec' | 'audioCodec' | 'bitrate' | 'fps' | 'sampleRate' | 'channels' | 'format' | 'aspectRatio' | 'colorSpace'
>;

export type UploadInspection =
  | { accepted: true; metadata: AssetMetadata; /** Where the thumbnail frame is taken; null without a picture. */ thumbnailAtSeconds: number | null }
  | { accepted: false; reason: string };

/**
 * Whether an upload whose first bytes matched its declared container may be kept, from what ffprobe
 * found (`'unreadable'`: ffprobe ran and could not read it): the format must be the declared one, a
 * video must have a video stream and an audio file an audio stream, and it must have a length.
 */
export function inspectUpload(type: FileTypeInfo, probe: ProbeResult | 'unreadable'): UploadInspection {
  const refuse = (reason: string): UploadInspection => ({ accepted: false, reason });
  if (probe === 'unreadable') return refuse(uploadRefusals.unreadable(type));
  if (!formatMatches(type, probe.formatName)) return refuse(uploadRefusals.notValid(type));
  if (type.kind === 'video' && !probe.video) return refuse(uploadRefusals.noVideo(type));
  if (type.kind === 'audio' && !probe.audio) return refuse(uploadRefusals.noAudio(type));
  const duration = probe.durationSeconds ?? 0;
  if (!(duration > 0)) return refuse(uploadRefusals.noLength(type));
  const { video, audio } = probe;
  return {
    accepted: true,
    thumbnailAtSeconds: video ? Math.min(1, duration / 2) : null,
    metadata: {
      kind: type.kind,
      duration: Math.round(duration * 1000) / 1000,
      width: video?.width ?? null,
      height: video?.height ?? null,
      codec: video?.codec ?? audio?.codec ?? null,
      audioCodec: audio?.codec ?? null,
      bitrate: probe.bitrate,
      fps: video?.fps ?? null,
      sampleRate: audio?.sampleRate ?? null,
      channels: audio?.channels ?? null,
      format: probe.formatName,
      aspectRatio: aspectRatioOf(video?.width ?? null, video?.height ?? null),
      colorSpace: video?.colorSpace ?? null,
    },
  };
}

/** The asset an accepted upload becomes. */
export function assetFromUpload(upload: PendingUpload, kept: { size: number; metadata: AssetMetadata; thumbnailKey: string | null; now: string }): MediaAsset {
  return {
    id: upload.id,
    userId: upload.userId,
    title: upload.title,
    fileName: upload.fileName,
    fileType: upload.fileType,
    fileSize: kept.size,
    tags: upload.tags,
    isActive: true,
    folderId: upload.folderId,
    storageKey: upload.storageKey,
    thumbnailKey: kept.thumbnailKey,
    ...kept.metadata,
    createdAt: kept.now,
    updatedAt: kept.now,
  };
}

// The service ----------------------------------------------------------------------------------

export interface UploadRequest {
  fileName: string;
  contentType?: string;
  size: number;
  folderId?: string | null;
  tags?: string[];
}

export interface UploadServiceDeps {
  uploads: MediaUploadRepository;
  folders: Pick<MediaFolderRepository, 'getFolder'>;
  storage: Pick<ObjectStore, 'presignPost' | 'head' | 'put' | 'upload' | 'delete'>;
  processor: MediaProcessor;
  users: Pick<UserRepository, 'get'>;
  publisher: Publisher;
  /** Where a video kept without a proxy copy (too long to copy within the request, or the copy failed) is handed to be copied in the background. */
  proxyRequests?: ClipProxyRequests;
  /** The most pixel-frames copied within the request (`maxProxyPixelFrames` unless set; tests lower it). */
  proxyMaxPixelFrames?: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
  clock?: () => number;
}

/**
 * Uploads: the declared size is charged against the plan before any byte
 * moves, the bytes go straight to S3, and what arrived is inspected before it is kept as an asset;
 * anything refused is deleted and its charge given back.
 */
export class UploadService {
  private readonly clock: () => number;

  constructor(private readonly deps: UploadServiceDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  private checkDeclared(input: UploadRequest): FileTypeInfo {
    const type = resolveFileType(input.contentType, input.fileName);
    if (!type) throw new UnsupportedFileTypeError(mediaMessages.unsupported);
    if (input.size > maxUploadBytes) throw new FileTooLargeError(mediaMessages.tooLarge);
    if (input.size <= 0) throw new InvalidMediaError(mediaMessages.empty);
    return type;
  }

  /** Gives back the charge of uploads started long ago and never completed. */
  private async releaseStale(userId: string): Promise<number> {
    const pending = await this.deps.uploads.listPendingUploads(userId);
    const stale = pending.filter((upload) => this.clock() - Date.parse(upload.createdAt) > staleUploadMs);
    let released = 0;
    for (const upload of stale) {
      await this.deps.storage.delete([upload.storageKey]);
      if (await this.deps.uploads.releaseUpload(upload)) released += 1;
    }
    return released;
  }

  private async reserve(userId: string, input: UploadRequest, type: FileTypeInfo): Promise<PendingUpload> {
    const folderId = input.folderId ?? null;
    if (folderId) await requireFolder(this.deps.folders, userId, folderId);
    const id = newId();
    const upload: PendingUpload = {
      id,
      userId,
      storageKey: objectKeys.mediaOriginal(userId, id, type.ext),
      fileType: type.mime,
      fileName: displayFileName(input.fileName),
      title: titleFromFileName(input.fileName),
      declaredSize: input.size,
      folderId,
      tags: normalizeTags(input.tags ?? []),
      createdAt: new Date(this.clock()).toISOString(),
    };
    const user = await this.deps.users.get(userId);
    const limit = storageLimitBytes(user?.subscriptionTier ?? 'free');
    let reserved = await this.deps.uploads.reserveUpload(upload, limit);
    if (!reserved && (await this.releaseStale(userId)) > 0) reserved = await this.deps.uploads.reserveUpload(upload, limit);
    if (!reserved) throw new LimitExceededError(mediaMessages.storageFull, { limitMB: limit / bytesPerMB }, 'STORAGE_LIMIT');
    return upload;
  }

  /** Step 1 of an upload: charge the declared size and sign a POST of at most that size. */
  async beginUpload(userId: string, input: UploadRequest) {
    const type = this.checkDeclared(input);
    const upload = await this.reserve(userId, input, type);
    return uploadTicket(this.deps.storage, {
      uploadId: upload.id,
      key: upload.storageKey,
      contentType: type.mime,
      maxBytes: input.size,
      expiresSeconds: uploadUrlSeconds,
      now: this.clock(),
    });
  }

  /** Step 2: inspect the bytes that arrived, then keep them as an asset (answered as placed), or delete them and say why. */
  async completeUpload(userId: string, uploadId: string): Promise<PublicAsset> {
    const upload = await this.deps.uploads.getPendingUpload(userId, uploadId);
    if (!upload) throw new NotFoundError(mediaMessages.uploadNotFound);
    const started = this.clock();
    const thumbnailKey = objectKeys.mediaThumbnail(userId, upload.id);
    const proxyKey = objectKeys.mediaProxy(userId, upload.id);
    let local: LocalMedia | undefined;
    let committed = false;
    try {
      const asset = await this.examine(upload, { thumbnailKey, proxyKey }, (opened) => (local = opened));
      const placed = await this.deps.uploads.completeUpload(upload, asset);
      if (!placed) throw new ConflictError(mediaMessages.uploadNotFound);
      committed = true;
      this.deps.log?.('upload completed', { assetId: placed.id, bytes: placed.fileSize, ms: this.clock() - started });
      await announceMediaChange(this.deps.publisher, userId);
      await this.proxyLater(placed);
      return toPublicAsset(placed);
    } catch (error) {
      if (!committed && !(error instanceof ConflictError)) {
        await this.deps.storage.delete([upload.storageKey, thumbnailKey, proxyKey]);
        await this.deps.uploads.releaseUpload(upload);
      }
      throw error;
    } finally {
      await (local as LocalMedia | undefined)?.close();
    }
  }

  /**
   * A video kept without a proxy copy is handed to the background job, which makes it with a longer
   * budget than the request's; the answer does not wait for the copy, and a failure to hand it over
   * never fails the upload (FinalizeVideo still makes it once a finished video uses the clip).
   */
  private async proxyLater(asset: MediaAsset): Promise<void> {
    if (!this.deps.proxyRequests || !needsProxy(asset)) return;
    try {
      await this.deps.proxyRequests.request(asset.userId, [asset.id]);
      this.deps.log?.('proxy requested', { assetId: asset.id, seconds: asset.duration });
    } catch (error) {
      this.deps.log?.('proxy request failed', { assetId: asset.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Reads what arrived (size, first bytes, ffprobe, a frame) and lets the pure rules above decide. */
  private async examine(
    upload: PendingUpload,
    { thumbnailKey, proxyKey }: { thumbnailKey: string; proxyKey: string },
    opened: (local: LocalMedia) => void,
  ): Promise<MediaAsset> {
    const type = fileTypes[upload.fileType];
    if (!type) throw new UnsupportedFileTypeError(mediaMessages.unsupported);
    const size = arrivedSize(await this.deps.storage.head(upload.storageKey), upload.declaredSize);
    const local = await this.deps.processor.open(upload.storageKey, maxUploadBytes);
    opened(local);
    if (!magicMatches(type, await local.head(64))) throw new InvalidMediaError(uploadRefusals.notValid(type));
    const probe = await local.probe().catch((error: unknown) => {
      if (error instanceof UnreadableMediaError) return 'unreadable' as const;
      throw error;
    });
    const inspection = inspectUpload(type, probe);
    if (!inspection.accepted) throw new InvalidMediaError(inspection.reason);

    let storedThumbnail: string | null = null;
    if (inspection.thumbnailAtSeconds !== null) {
      let jpeg: Uint8Array;
      try {
        jpeg = await local.thumbnail(inspection.thumbnailAtSeconds);
      } catch (error) {
        if (error instanceof UnreadableMediaError) throw new InvalidMediaError(uploadRefusals.noFrame(type));
        throw error;
      }
      await this.deps.storage.put(thumbnailKey, jpeg, 'image/jpeg');
      storedThumbnail = thumbnailKey;
    }
    const video = inspection.metadata.kind === 'video';
    // The look first, then the proxy copy: one after the other, so the proxy's encoding never starves the
    // look's time limit on a one-core function. Neither failing refuses the upload.
    const framing = video ? await this.framingOf(upload, local, inspection.metadata) : undefined;
    const proxy =
      video && wantsProxy(inspection.metadata, this.deps.proxyMaxPixelFrames ?? maxProxyPixelFrames)
        ? await this.proxyOf(upload, local, inspection.metadata, proxyKey)
        : undefined;
    const asset = assetFromUpload(upload, { size, metadata: inspection.metadata, thumbnailKey: storedThumbnail, now: new Date(this.clock()).toISOString() });
    return { ...asset, ...(framing ? { framing } : {}), ...(proxy ? { proxyKey: proxy } : {}) };
  }

  /**
   * The clip's proxy copy, stored next to the original: read by the settings preview and draft
   * renders. Ours, not the user's: it is not charged against the plan's storage. One that fails or runs out
   * of time keeps the upload without it (the original is read then, as for assets stored before proxies).
   */
  private async proxyOf(upload: PendingUpload, local: LocalMedia, metadata: AssetMetadata, key: string): Promise<string | undefined> {
    const started = this.clock();
    try {
      const path = await local.proxy({ fps: metadata.fps });
      await this.deps.storage.upload(key, path, 'video/mp4');
      this.deps.log?.('proxy made', { assetId: upload.id, ms: this.clock() - started, seconds: metadata.duration });
      return key;
    } catch (error) {
      this.deps.log?.('proxy failed', { assetId: upload.id, ms: this.clock() - started, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }

  /**
   * The clip's in-point and focus. A look that fails or runs out of time keeps the upload:
   * the asset then has no framing, as assets stored before it, and shots start at 0 on the centre.
   */
  private async framingOf(upload: PendingUpload, local: LocalMedia, metadata: AssetMetadata): Promise<Framing | undefined> {
    const started = this.clock();
    try {
      const framing = await local.framing({ duration: metadata.duration, width: metadata.width, height: metadata.height });
      this.deps.log?.('footage analysed', { assetId: upload.id, ms: this.clock() - started, seconds: metadata.duration, ...framing });
      return framing;
    } catch (error) {
      this.deps.log?.('footage analysis failed', {
        assetId: upload.id,
        ms: this.clock() - started,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }

  /** The product's (docs/product.md#uploads) POST /api/media/upload: one small file through the API, checked the same way. */
  async uploadDirect(userId: string, input: { fileName: string; contentType?: string; bytes: Uint8Array; tags?: string[]; folderId?: string | null }) {
    const request: UploadRequest = {
      fileName: input.fileName,
      contentType: input.contentType,
      size: input.bytes.byteLength,
      tags: input.tags,
      folderId: input.folderId,
    };
    const type = this.checkDeclared(request);
    if (input.bytes.byteLength > directUploadMaxBytes) {
      throw new FileTooLargeError(`Files over ${directUploadMaxBytes / bytesPerMB} MB are uploaded with POST /api/media/upload-url`);
    }
    const upload = await this.reserve(userId, request, type);
    try {
      await this.deps.storage.put(upload.storageKey, input.bytes, type.mime);
    } catch (error) {
      await this.deps.storage.delete([upload.storageKey]);
      await this.deps.uploads.releaseUpload(upload);
      throw error;
    }
    return this.completeUpload(userId, upload.id);
  }
}
