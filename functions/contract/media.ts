import { z } from 'zod';
import type { MediaKind } from './rules/file-types';

/** The media library's calls: what they answer, and every payload, validated at the edge. */

/** The library's orders. */
export const mediaSorts = ['newest', 'size-asc', 'size-desc', 'date-uploaded', 'name-asc', 'name-desc'] as const;
export type MediaSort = (typeof mediaSorts)[number];

/** What ffprobe measured of a file, answered both at the asset's top level and in its metadata. */
export interface MediaTechnicalFields {
  width: number | null;
  height: number | null;
  codec: string | null;
  bitrate: number | null;
  fps: number | null;
  sampleRate: number | null;
  channels: number | null;
  format: string | null;
  aspectRatio: string | null;
  colorSpace: string | null;
}

/** An asset as the API answers it (core/media/media.ts `toPublicAsset`): the product's (docs/product.md#media) fields, with playable and previewable URLs. */
export interface PublicAsset extends MediaTechnicalFields {
  id: string;
  title: string;
  /** The user's file name, for display only. */
  fileName: string;
  /** MIME type; containing `audio` means audio. */
  fileType: string;
  /** Our media proxy's address of the file (a redirect to a short-lived URL). */
  fileUrl: string;
  url: string;
  thumbnailUrl: string | null;
  fileSize: number;
  duration: number;
  tags: string[];
  isActive: boolean;
  folderId: string | null;
  metadata: MediaTechnicalFields & {
    kind: MediaKind;
    audioCodec: string | null;
  };
  /**
   * What the quick look at upload found, absent for audio and older assets: where the clip's
   * watchable part starts (seconds) and where its action is across and down the frame (0–1). The browser
   * plans shots from it as the server does.
   */
  framing?: AssetFraming;
  /** Who to credit for stock footage (Pexels' terms): shown beside the clip wherever it is listed. */
  attribution?: AssetAttribution;
  createdAt: string;
  updatedAt: string;
}

export interface AssetFraming {
  inPoint: number;
  focusX: number;
  focusY: number;
}

/** The credit a stock clip carries: its provider, its author (with their page when known) and the video's page. */
export interface AssetAttribution {
  provider: 'pexels';
  author: string;
  authorUrl: string | null;
  sourceUrl: string | null;
}

/** A folder as the API answers it (core/media/media.ts `toPublicFolder`), which is also how it is stored. */
export const publicFolderSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  isDefault: z.boolean(),
  assetCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicFolder = z.infer<typeof publicFolderSchema>;

/**
 * The server's fields of an asset and a folder, taken out of a PATCH body (the media calls'
 * schemas drop any other field they do not read, as the product's (docs/product.md#media) client sends more).
 */
export const assetReadOnlyFields = ['id', 'createdAt', 'updatedAt'] as const satisfies readonly (keyof PublicAsset)[];
export const folderReadOnlyFields = ['id', 'userId', 'assetCount', 'createdAt', 'updatedAt'] as const satisfies readonly (keyof PublicFolder)[];

/** The storage the user's plan allows and what the assets kept take. */
export interface StorageUsage {
  usedBytes: number;
  limitBytes: number;
  usedMB: number;
  limitMB: number;
  assets: number;
}

/** GET /api/media: a page of assets, where the next one starts, and the storage figures. */
export interface MediaPage {
  items: PublicAsset[];
  page: number;
  limit: number;
  totalPages: number;
  totalCount: number;
  nextCursor: string | null;
  storage: StorageUsage;
}

const id = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not found');

export const idParams = z.object({ id });

/** "null for root"; '' and 'root' mean the root too. */
const folderRef = z
  .union([z.string().trim().max(64), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' || value === 'root' || value === 'null' ? null : value));

export const createFolderSchema = z.object({
  name: z.string({ error: 'Folder name is required' }).trim().min(1, 'Folder name is required').max(100, 'Folder name must be at most 100 characters'),
  parentFolderId: folderRef,
  description: z.string().trim().max(500).nullable().optional(),
  color: z.string().trim().max(32).nullable().optional(),
});

export const renameFolderSchema = z.object({
  name: z.string({ error: 'Folder name is required' }).trim().min(1, 'Folder name is required').max(100, 'Folder name must be at most 100 characters'),
});

export const forceDeleteFolderSchema = z.object({ replacementFolderId: folderRef });

/** Bounds of the id and tag lists, with messages that say them. */
export const listLimits = { ids: 500, tags: 100, tagChars: 200, tagText: 4_000 } as const;
const tag = z.string().max(listLimits.tagChars, `A tag must be at most ${listLimits.tagChars} characters`);
const tagList = z.array(tag).max(listLimits.tags, `At most ${listLimits.tags} tags`);
const idList = z.array(id).min(1, 'Select at least one item').max(listLimits.ids, `Select at most ${listLimits.ids} items`);

/** Tags as a list, or as the product's (docs/product.md#media) comma-separated string (split, then held to the same bounds). */
export const tagsInput = z
  .preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.length > listLimits.tagText) {
      ctx.issues.push({ code: 'custom', message: `Tags must be at most ${listLimits.tagText.toLocaleString('en-US')} characters`, input: value });
      return z.NEVER;
    }
    return value.split(',');
  }, tagList.optional())
  .transform((value) => value ?? []);

export const uploadUrlSchema = z.object({
  fileName: z.string({ error: 'fileName is required' }).min(1, 'fileName is required').max(1_024),
  contentType: z.string().max(200).optional(),
  size: z.number({ error: 'size is required' }).int().nonnegative(),
  folderId: folderRef,
  tags: tagsInput,
});

export const completeUploadSchema = z.object({ uploadId: id });

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(60),
  search: z.string().trim().max(100).optional(),
  /** Absent, '' or 'all': every folder; 'root': assets in no folder. */
  folderId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => (value === undefined || value === '' || value === 'all' ? undefined : value === 'root' || value === 'null' ? null : value)),
  sort: z.enum(mediaSorts).default('newest'),
  cursor: z.string().max(2_000).optional(),
});

export const setActiveSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

export const setTagsSchema = z.object({ tags: tagList });

export const bulkMoveSchema = z.object({
  assetIds: idList,
  folderId: folderRef,
});

export const bulkDeleteSchema = z.object({ ids: idList });

export const proxyQuerySchema = z.object({ url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(4_096) });

/** The answers as schemas (the OpenAPI document, platform/openapi). */
const technicalFields = {
  width: z.number().nullable(),
  height: z.number().nullable(),
  codec: z.string().nullable(),
  bitrate: z.number().nullable(),
  fps: z.number().nullable(),
  sampleRate: z.number().nullable(),
  channels: z.number().nullable(),
  format: z.string().nullable(),
  aspectRatio: z.string().nullable(),
  colorSpace: z.string().nullable(),
};
export const publicAssetSchema: z.ZodType<PublicAsset> = z.object({
  ...technicalFields,
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileUrl: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  fileSize: z.number(),
  duration: z.number(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  folderId: z.string().nullable(),
  metadata: z.object({ ...technicalFields, kind: z.enum(['video', 'audio']), audioCodec: z.string().nullable() }),
  framing: z.object({ inPoint: z.number(), focusX: z.number(), focusY: z.number() }).optional(),
  attribution: z.object({ provider: z.literal('pexels'), author: z.string(), authorUrl: z.string().nullable(), sourceUrl: z.string().nullable() }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const storageUsageSchema: z.ZodType<StorageUsage> = z.object({
  usedBytes: z.number(),
  limitBytes: z.number(),
  usedMB: z.number(),
  limitMB: z.number(),
  assets: z.number(),
});
export const mediaPageSchema: z.ZodType<MediaPage> = z.object({
  items: z.array(publicAssetSchema),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  nextCursor: z.string().nullable(),
  storage: storageUsageSchema,
});
export const assetDeletedSchema = z.object({ message: z.string(), id: z.string() });
export const folderDeletedSchema = z.object({
  message: z.string(),
  movedAssets: z.number(),
  updatedScripts: z.number().optional(),
  replacementFolderId: z.string().nullable().optional(),
});
export const bulkMovedSchema = z.object({ message: z.string(), moved: z.number(), folderId: z.string().nullable() });
export const bulkDeletedSchema = z.object({
  message: z.string(),
  results: z.object({ success: z.number(), failed: z.number(), deletedIds: z.array(z.string()), failedIds: z.array(z.string()) }),
});
export const aiTagsResultSchema = z.object({
  tags: z.array(z.string()),
  suggested: z.array(z.string()),
  source: z.enum(['openai', 'offline']),
  asset: publicAssetSchema,
});
