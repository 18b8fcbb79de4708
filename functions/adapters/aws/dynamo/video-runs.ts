import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import type { RecentMediaUse, VideoRunStore } from '../../../core/ports/video';
import { scriptSchema, type Script } from '../../../contract/scripts';
import { scriptNotFound } from '../../../core/scripts/script-service';
import { defineEntity, ownerPk, where } from './entity';
import { videoRunClaim } from './keys';
import { scriptEntity, writable } from './script-repository';
import { ifConditionFails, type TableRef } from './table';

/** Sort keys of the video pipeline's own records under `USER#<id>`. */
export const videoKeys = {
  /** One per charged run: what makes the video-minute charge happen once. */
  /** When a medium was last used in a video (kept 7 days by TTL). */
  mediaUse: (mediaId: string) => `MUSE#${mediaId}`,
  mediaUsePrefix: 'MUSE#',
} as const;

const day = 24 * 60 * 60;

const mediaUseSchema = z.object({ userId: z.string(), mediaId: z.string(), usedAt: z.number() });

/** When a medium was last used in a video, removed by the table's TTL a week later. */
export const mediaUseEntity = defineEntity<z.infer<typeof mediaUseSchema>>({
  type: 'MediaUse',
  schema: mediaUseSchema,
  sortKeyPrefix: videoKeys.mediaUsePrefix,
  pk: ownerPk,
  sk: { uses: ['mediaId'], build: (u) => videoKeys.mediaUse(u.mediaId) },
  derived: { expiresAt: { uses: ['usedAt'], build: (u) => Math.floor(u.usedAt / 1000) + 7 * day } },
  owner: 'user',
});

/**
 * The run claim lives on the script item (`videoRunId`, `videoRunAt`, outside the Script schema), so
 * claiming it and saving the run's settings are one conditional update.
 */
export class DynamoVideoRunStore implements VideoRunStore {
  constructor(private readonly table: TableRef) {}

  async claim(userId: string, scriptId: string, runId: string, changes: Partial<Script>, now: number, staleAfterMs: number): Promise<Script | 'busy'> {
    const claimed = scriptEntity.update(
      this.table,
      { userId, id: scriptId },
      {
        set: { ...writable(changes), [videoRunClaim.runId]: runId, [videoRunClaim.at]: now },
        remove: [videoRunClaim.renderedFrames, videoRunClaim.progressAt],
        condition: where.and(where.itemExists(), where.or(where.absent(videoRunClaim.runId), where.lt(videoRunClaim.at, now - staleAfterMs))),
        returns: 'ALL_NEW',
      },
    );
    return ifConditionFails(
      claimed.then((attributes) => scriptSchema.parse(attributes)),
      async () => {
        if (!(await scriptEntity.get(this.table, { userId, id: scriptId }, { consistent: true }))) throw new NotFoundError(scriptNotFound);
        return 'busy' as const;
      },
    );
  }

  async release(
    userId: string,
    scriptId: string,
    runId: string,
    changes: Partial<Script>,
    options: { onlyIfHeld?: boolean } = {},
  ): Promise<Script | undefined> {
    const held = where.eq(videoRunClaim.runId, runId);
    const released = scriptEntity.update(
      this.table,
      { userId, id: scriptId },
      {
        set: writable(changes),
        remove: [videoRunClaim.runId, videoRunClaim.at],
        condition: where.and(where.itemExists(), options.onlyIfHeld ? held : where.or(where.absent(videoRunClaim.runId), held)),
        returns: 'ALL_NEW',
      },
    );
    return ifConditionFails(
      released.then((attributes) => scriptSchema.parse(attributes)),
      () => undefined,
    );
  }

  async update(userId: string, scriptId: string, runId: string, changes: Partial<Script>): Promise<boolean> {
    const set = writable(changes);
    if (Object.keys(set).length === 0) return true;
    return scriptEntity.updateIf(this.table, { userId, id: scriptId }, { set, condition: where.eq(videoRunClaim.runId, runId) });
  }

  async addRenderedFrames(userId: string, scriptId: string, runId: string, frames: number): Promise<number | undefined> {
    const added = scriptEntity.update(
      this.table,
      { userId, id: scriptId },
      {
        add: { [videoRunClaim.renderedFrames]: Math.max(0, Math.round(frames)) },
        condition: where.eq(videoRunClaim.runId, runId),
        returns: 'UPDATED_NEW',
      },
    );
    const attributes = await ifConditionFails(added, () => undefined);
    const total: unknown = attributes?.[videoRunClaim.renderedFrames];
    return typeof total === 'number' ? total : undefined;
  }

  async advanceProgress(userId: string, scriptId: string, runId: string, progress: number, now: number, minIntervalMs: number): Promise<boolean> {
    return scriptEntity.updateIf(
      this.table,
      { userId, id: scriptId },
      {
        set: { videoProgress: progress, [videoRunClaim.progressAt]: now },
        condition: where.and(
          where.eq(videoRunClaim.runId, runId),
          where.or(where.absent(videoRunClaim.progressAt), where.le(videoRunClaim.progressAt, now - minIntervalMs)),
          where.or(where.absent('videoProgress'), where.isNull('videoProgress'), where.lt('videoProgress', progress)),
        ),
      },
    );
  }
}

/** Video minutes on the user's profile, with a marker per charged run in the same transaction. */
/** `MUSE#<mediaId>` items with the last use, removed by the table's TTL a week later. */
export class DynamoRecentMediaUse implements RecentMediaUse {
  constructor(private readonly table: TableRef) {}

  async since(userId: string, sinceMs: number): Promise<Record<string, number>> {
    // TTL removes items lazily: the time is checked here too.
    const uses = await mediaUseEntity.all(this.table, 'partition', { userId }, { filter: where.ge('usedAt', sinceMs) });
    return Object.fromEntries(uses.map((use) => [use.mediaId, use.usedAt]));
  }

  async record(userId: string, mediaIds: readonly string[], atMs: number): Promise<void> {
    await Promise.all(mediaIds.map((mediaId) => mediaUseEntity.put(this.table, { userId, mediaId, usedAt: atMs })));
  }
}
