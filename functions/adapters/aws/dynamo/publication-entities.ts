import { z } from 'zod';
import { publicationStatuses } from '../../../contract/rules/posting';
import { publishingPlatforms } from '../../../contract/rules/publishing';
import type { StoredPublication } from '../../../core/ports/publications';
import { defineEntity, ownerPk, ownedById } from './entity';

/**
 * The publishing ledger: one item per publication under its owner, `USER#<id>` /
 * `PUB#<publication>`; while it is not final it sits in the sparse `due` index (gsi1, one partition
 * `PUBDUE`, sorted by the time it next needs a worker) that the sweep reads. The day's posts are a
 * counter per UTC day, `USER#<id>` / `POSTDAY#<YYYY-MM-DD>`, removed by TTL a few days later.
 */
export const publicationKeys = {
  publication: (id: string) => `PUB#${id}`,
  publicationPrefix: 'PUB#',
  duePartition: 'PUBDUE',
  postDay: (day: string) => `POSTDAY#${day}`,
  postDayPrefix: 'POSTDAY#',
} as const;

const checkpointSchema = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('tiktok'),
    stage: z.enum(['initialised', 'uploaded']),
    publishId: z.string(),
    uploadUrl: z.string(),
    chunkSize: z.number(),
    chunkCount: z.number(),
    chunksDone: z.number(),
  }),
  z.object({
    platform: z.literal('youtube'),
    stage: z.enum(['initialised', 'uploaded']),
    sessionUri: z.string(),
    bytesDone: z.number(),
    videoId: z.string().optional(),
  }),
  z.object({
    platform: z.literal('instagram'),
    stage: z.enum(['initialised', 'uploaded']),
    containerId: z.string(),
    createdAt: z.number(),
    mediaId: z.string().optional(),
  }),
]);

export const storedPublicationSchema = z.object({
  id: z.string().min(1),
  userId: z.string().min(1),
  scriptId: z.string().min(1),
  accountId: z.string().min(1),
  platform: z.enum(publishingPlatforms),
  accountName: z.string(),
  status: z.enum(publicationStatuses),
  videoKey: z.string().min(1),
  watermarked: z.boolean().optional(),
  durationSeconds: z.number().optional(),
  post: z.object({ caption: z.string(), title: z.string(), privacy: z.string(), madeForKids: z.boolean(), containsSyntheticMedia: z.boolean() }),
  attempts: z.number().int().min(0),
  dueAt: z.number().optional(),
  leaseOwner: z.string().optional(),
  leaseUntil: z.number().optional(),
  checkpoint: checkpointSchema.optional(),
  progress: z.number().optional(),
  postId: z.string().optional(),
  postUrl: z.string().optional(),
  error: z.string().optional(),
  announcedAt: z.string().optional(),
  scheduledAt: z.string().optional(),
  publishedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<StoredPublication>;

/** A time as a sort key: fixed width, so text order is time order. */
export function dueSortKey(dueAt: number, userId: string, id: string): string {
  return `${String(Math.max(0, Math.floor(dueAt))).padStart(15, '0')}#${userId}#${id}`;
}

export const publicationEntity = defineEntity<StoredPublication, 'due'>({
  type: 'Publication',
  schema: storedPublicationSchema,
  // What was posted where and how it went; never the upload's session URLs, the lease or our own bookkeeping.
  export: { file: 'publications.json', omit: ['checkpoint', 'leaseOwner', 'leaseUntil', 'dueAt', 'videoKey', 'announcedAt', 'attempts'] },
  ...ownedById(publicationKeys.publication),
  indexes: {
    due: {
      index: 'gsi1',
      pk: { uses: [], build: () => publicationKeys.duePartition },
      sk: { uses: ['dueAt', 'userId', 'id'], build: (p) => dueSortKey(p.dueAt ?? 0, p.userId, p.id) },
      holds: { uses: ['dueAt'], build: (p) => p.dueAt !== undefined },
    },
  },
});

const postDaySchema = z.object({ userId: z.string(), day: z.string(), count: z.number() });

/** The posts a user made on one UTC day (the plan's posts per day limit); gone by TTL three days later. */
export const postDayEntity = defineEntity<z.infer<typeof postDaySchema>>({
  type: 'PostDayCounter',
  schema: postDaySchema,
  sortKeyPrefix: publicationKeys.postDayPrefix,
  owner: 'user',
  pk: ownerPk,
  sk: { uses: ['day'], build: (c) => publicationKeys.postDay(c.day) },
  derived: { expiresAt: { uses: ['day'], build: (c) => Math.floor(Date.parse(`${c.day}T00:00:00Z`) / 1000) + 3 * 86_400 } },
});
