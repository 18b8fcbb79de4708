import { z } from 'zod';
import { publicFolderSchema, type AssetAttribution, type PublicAsset, type PublicFolder } from '../../contract/media';
import { proxyOutput } from '../ports/video-renderer';

/** The product's (docs/product.md#media) media asset and folder as stored; what the API answers is the contract's (contract/media.ts). */

export const mediaAssetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  /** The user's file name, for display only: it never becomes part of a path. */
  fileName: z.string(),
  /** MIME type; containing `audio` means audio. */
  fileType: z.string(),
  kind: z.enum(['video', 'audio']),
  fileSize: z.number().int().nonnegative(),
  duration: z.number().nonnegative(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  folderId: z.string().nullable(),
  /** Object keys in the media bucket. */
  storageKey: z.string(),
  thumbnailKey: z.string().nullable(),
  /**
   * A small copy of a video made at upload (the preview is the video): `mediaProxy` below. The
   * settings preview and draft renders read it instead of the original; absent for audio, for assets stored
   * before it and when making it failed (the original is read then). Ours, not the user's: not charged.
   */
  proxyKey: z.string().optional(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  codec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  bitrate: z.number().int().nullable(),
  fps: z.number().nullable(),
  sampleRate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  format: z.string().nullable(),
  aspectRatio: z.string().nullable(),
  colorSpace: z.string().nullable(),
  /**
   * What a quick look at the footage found at upload, absent for audio and for assets stored
   * before it: where its watchable part starts (after a black or frozen opening, at its liveliest
   * stretch) and where the action is across the frame (0–1 from the left and from the top), which the
   * render keeps in a 9:16 crop instead of the dead centre.
   */
  framing: z
    .object({
      inPoint: z.number().nonnegative(),
      focusX: z.number().min(0).max(1),
      focusY: z.number().min(0).max(1),
    })
    .optional(),
  /** Who to credit for stock footage: the provider, its id of the video, the author and the video's page. */
  attribution: z
    .object({
      provider: z.enum(['pexels']),
      sourceId: z.string().min(1).max(64),
      author: z.string().max(200),
      authorUrl: z.string().max(2048).nullable(),
      sourceUrl: z.string().max(2048),
    })
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/** A folder is stored as the API answers it. */
export const mediaFolderSchema = publicFolderSchema;
export type MediaFolder = PublicFolder;

/** An upload the API has signed and charged, waiting for the browser's bytes and POST /api/media/complete. */
export const pendingUploadSchema = z.object({
  id: z.string(),
  userId: z.string(),
  storageKey: z.string(),
  fileType: z.string(),
  fileName: z.string(),
  title: z.string(),
  declaredSize: z.number().int().positive(),
  folderId: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
});
export type PendingUpload = z.infer<typeof pendingUploadSchema>;

export interface MediaUsage {
  assets: number;
  /** Bytes of the assets kept. */
  bytes: number;
  /** Bytes kept plus bytes reserved by uploads in flight: what the plan's limit is checked against. */
  chargedBytes: number;
}

/**
 * Whether a video gets a proxy copy at upload: when its 9:16 crop is taller than the proxy frame (the
 * render would shrink it; a smaller clip is already as cheap to read as its proxy), and the copy can be
 * made within the upload's request: at most `maxProxyPixelFrames`, 20 s of 1080p at 30 fps (measured here:
 * 0.6–0.95 s of one core per second of 1080p). A larger clip gets its copy soon after, from the
 * background job (clip-proxies.ts), without holding the upload's answer; until then the preview reads it whole.
 */
export const maxProxyPixelFrames = 1920 * 1080 * 30 * 20;
export function wantsProxy(
  video: { width: number | null; height: number | null; duration?: number; fps?: number | null },
  limitPixelFrames: number = maxProxyPixelFrames,
): boolean {
  if (!proxyShrinks(video) || !video.width || !video.height) return false;
  return video.width * video.height * Math.min(60, video.fps ?? 30) * (video.duration ?? 0) <= limitPixelFrames;
}

/** Whether a proxy copy would be smaller than the video: its 9:16 crop is taller than the proxy frame. */
export function proxyShrinks(video: { width: number | null; height: number | null }): boolean {
  return !!video.width && !!video.height && Math.min(video.height, (video.width * 16) / 9) > proxyOutput.height;
}

/** Every object an asset keeps in the bucket: the original, its thumbnail and its proxy. Deleting the asset deletes them all. */
export const objectsOf = (asset: Pick<MediaAsset, 'storageKey' | 'thumbnailKey' | 'proxyKey'>): string[] => [
  asset.storageKey,
  ...(asset.thumbnailKey ? [asset.thumbnailKey] : []),
  ...(asset.proxyKey ? [asset.proxyKey] : []),
];

export const proxyPaths = {
  media: (key: string) => `/api/media-proxy?url=${encodeURIComponent(key)}`,
  thumbnail: (key: string) => `/api/thumbnail-proxy?url=${encodeURIComponent(key)}`,
};

/** An https address, else null: a credit's links are followed by the browser, so nothing else is answered. */
function httpsOrNull(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** A stock clip's credit as the browser shows it: the author and the pages, https only (the provider's own id stays stored). */
export function publicAttributionOf(attribution: NonNullable<MediaAsset['attribution']>): AssetAttribution {
  return {
    provider: attribution.provider,
    author: attribution.author,
    authorUrl: httpsOrNull(attribution.authorUrl),
    sourceUrl: httpsOrNull(attribution.sourceUrl),
  };
}

/** The asset as the API answers it: the product's (docs/product.md#media) fields, with playable and previewable URLs. */
export function toPublicAsset(asset: MediaAsset): PublicAsset {
  const fileUrl = proxyPaths.media(asset.storageKey);
  // The probe's figures: at the top level and again in `metadata`, as the product's (docs/product.md#media) asset has them.
  const technical = {
    width: asset.width,
    height: asset.height,
    codec: asset.codec,
    bitrate: asset.bitrate,
    fps: asset.fps,
    sampleRate: asset.sampleRate,
    channels: asset.channels,
    format: asset.format,
    aspectRatio: asset.aspectRatio,
    colorSpace: asset.colorSpace,
  };
  return {
    id: asset.id,
    title: asset.title,
    fileName: asset.fileName,
    fileType: asset.fileType,
    fileUrl,
    url: fileUrl,
    thumbnailUrl: asset.thumbnailKey ? proxyPaths.thumbnail(asset.thumbnailKey) : null,
    fileSize: asset.fileSize,
    duration: asset.duration,
    tags: asset.tags,
    isActive: asset.isActive,
    folderId: asset.folderId,
    ...technical,
    metadata: { kind: asset.kind, audioCodec: asset.audioCodec, ...technical },
    ...(asset.framing ? { framing: { inPoint: asset.framing.inPoint, focusX: asset.framing.focusX, focusY: asset.framing.focusY } } : {}),
    ...(asset.attribution ? { attribution: publicAttributionOf(asset.attribution) } : {}),
    createdAt: asset.createdAt,
    updatedAt: asset.updatedAt,
  };
}
export function toPublicFolder(folder: MediaFolder): PublicFolder {
  const { assetCount, ...rest } = folder;
  return { ...rest, assetCount };
}

/** "My clip (final).mp4" → "My clip (final)": printable, at most 200 characters, never empty. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]{1,8}$/, '');
  const clean = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return clean || 'Untitled';
}

/** The name as shown: the last path segment, printable, at most 255 characters. */
export function displayFileName(fileName: string): string {
  const clean = fileName
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean || 'file';
}

export const maxTags = 30;
export const maxTagLength = 40;

/** Tags as typed, trimmed and single-spaced, without a leading '#', deduplicated case-insensitively. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/^#+/, '').replace(/\s+/g, ' ').trim().slice(0, maxTagLength);
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
    if (out.length >= maxTags) break;
  }
  return out;
}

/** The width:height ratio reduced ("16:9", "9:16", "4:3"), or null without both sides. */
export function aspectRatioOf(width: number | null, height: number | null): string | null {
  if (!width || !height) return null;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const divisor = gcd(width, height);
  return `${width / divisor}:${height / divisor}`;
}
