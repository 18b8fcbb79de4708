import { z } from 'zod';
import {
  mediaAssetSchema,
  mediaFolderSchema,
  pendingUploadSchema,
  type MediaAsset,
  type MediaFolder,
  type MediaUsage,
  type PendingUpload,
} from '../../../core/media/media';
import { defineEntity, ownerPk, ownedById, where, type Condition, type TransactItem, type UpdateSpec } from './entity';
import { mediaKeys } from './keys';

/**
 * The media library's four record types, all under `USER#<id>`, each defined once with
 * every key and index attribute it writes: `MEDIA#<id>` assets (five order indexes and a sparse audio
 * index, docs/decisions/media-library.md), `MFOLDER#<id>` folders, `MUPLOAD#<id>` uploads in flight
 * and `MEDIA_USAGE`, the counters that change in the same transactions as the records they count.
 */

/** Sort keys for names: case- and accent-insensitive, then the id (a separator below every printable character). */
export function nameKey(title: string, id: string): string {
  const folded = title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().slice(0, 120);
  return `${folded}\u0001${id}`;
}

export function sizeKey(bytes: number, id: string): string {
  return `${String(bytes).padStart(12, '0')}#${id}`;
}

const inFolderPk = { uses: ['userId', 'folderId'] as const, build: (a: MediaAsset) => mediaKeys.inFolder(a.userId, a.folderId) };
const byId = { uses: ['id'] as const, build: (a: MediaAsset) => a.id };
const byName = { uses: ['title', 'id'] as const, build: (a: MediaAsset) => nameKey(a.title, a.id) };
const bySize = { uses: ['fileSize', 'id'] as const, build: (a: MediaAsset) => sizeKey(a.fileSize, a.id) };

export const assetEntity = defineEntity<MediaAsset, 'byName' | 'bySize' | 'inFolder' | 'inFolderByName' | 'inFolderBySize' | 'audio'>({
  type: 'MediaAsset',
  schema: mediaAssetSchema,
  // A clip's proxy copy is ours (derived, for previews), not the user's data.
  export: { file: 'media.json', omit: ['proxyKey'] },
  ...ownedById(mediaKeys.asset),
  derived: {
    /** What a search matches: title, file name and tags, lower-cased. */
    searchText: { uses: ['title', 'fileName', 'tags'], build: (a) => [a.title, a.fileName, ...a.tags].join('\n').toLowerCase() },
  },
  indexes: {
    byName: { index: 'gsi1', pk: { uses: ['userId'], build: (a) => mediaKeys.byName(a.userId) }, sk: byName },
    bySize: { index: 'gsi2', pk: { uses: ['userId'], build: (a) => mediaKeys.bySize(a.userId) }, sk: bySize },
    inFolder: { index: 'gsi3', pk: inFolderPk, sk: byId },
    inFolderByName: { index: 'gsi4', pk: inFolderPk, sk: byName },
    inFolderBySize: { index: 'gsi5', pk: inFolderPk, sk: bySize },
    audio: {
      index: 'gsi6',
      pk: { uses: ['userId'], build: (a) => mediaKeys.audio(a.userId) },
      sk: byId,
      holds: { uses: ['kind'], build: (a) => a.kind === 'audio' },
    },
  },
});

export const folderEntity = defineEntity<MediaFolder>({
  type: 'MediaFolder',
  schema: mediaFolderSchema,
  export: { file: 'media-folders.json' },
  ...ownedById(mediaKeys.folder),
});

/** Kept well past the point where an upload counts as stale, so the release always finds it. */
const uploadTtlSeconds = 7 * 24 * 3600;

export const uploadEntity = defineEntity<PendingUpload>({
  type: 'MediaUpload',
  schema: pendingUploadSchema,
  ...ownedById(mediaKeys.upload),
  derived: { expiresAt: { uses: ['createdAt'], build: (u) => Math.floor(Date.parse(u.createdAt) / 1000) + uploadTtlSeconds } },
});

const usageSchema = z.object({
  userId: z.string(),
  assets: z.number().default(0),
  bytes: z.number().default(0),
  chargedBytes: z.number().default(0),
});

/** The counters: written only by the ADDs below, never put whole. */
export const usageEntity = defineEntity<MediaUsage & { userId: string }>({
  type: 'MediaUsage',
  schema: usageSchema,
  sortKeyPrefix: mediaKeys.usage,
  owner: 'user',
  pk: ownerPk,
  sk: { uses: [], build: () => mediaKeys.usage },
});

const usageUpdate = (tableName: string, userId: string, spec: UpdateSpec<MediaUsage & { userId: string }>): TransactItem =>
  usageEntity.updateItem({ tableName }, { userId }, spec);

/** The writes of the usage counters, each one part of the transaction that changes what it counts. */
export const usageCounters = {
  /**
   * "Check the limit then spend it" in one conditional write: the condition sees every
   * reservation already made, so parallel uploads cannot pass the limit together. DynamoDB conditions
   * cannot add, so the caller gives the headroom (limit − size).
   */
  reserve: (tableName: string, userId: string, size: number, headroom: number) =>
    usageUpdate(tableName, userId, { add: { chargedBytes: size }, condition: where.or(where.absent('chargedBytes'), where.le('chargedBytes', headroom)) }),
  /** An upload given up: its charge comes back. */
  release: (tableName: string, userId: string, declaredSize: number) => usageUpdate(tableName, userId, { add: { chargedBytes: -declaredSize } }),
  /** An upload kept: the real size replaces the declared one, and the asset is counted. */
  keep: (tableName: string, userId: string, declaredSize: number, size: number) =>
    usageUpdate(tableName, userId, { add: { chargedBytes: size - declaredSize, bytes: size, assets: 1 } }),
  /** An asset deleted: its bytes come back. */
  free: (tableName: string, userId: string, size: number) => usageUpdate(tableName, userId, { add: { chargedBytes: -size, bytes: -size, assets: -1 } }),
};

/** A folder's asset count changes by `delta`, only while the folder exists. */
export function folderCount(tableName: string, userId: string, folderId: string, delta: number): TransactItem {
  return folderEntity.updateItem({ tableName }, { userId, id: folderId }, { add: { assetCount: delta }, condition: where.itemExists() });
}

/** The condition that the asset is still in the folder it was read in (`null`: the root). */
export function inFolderCondition(folderId: string | null): Condition {
  return where.and(where.itemExists(), folderId === null ? where.isNull('folderId') : where.eq('folderId', folderId));
}
