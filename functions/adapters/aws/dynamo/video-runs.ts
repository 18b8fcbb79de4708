import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import type { RecentMediaUse, VideoRunStore } from '../../../core/ports/video';
import { scriptSchema, type Script } from '../../../contract/scripts';
import { scriptNotFound } from '../../../core/scripts/script-service';
import { defineEntity, ownerPk } from './entity';
import { keys, videoRunClaim } from './keys';
import { getItem, ifConditionFails, putItem, updateIf, updateItem, type TableRef } from './table';

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

/** `SET a = :a, …` for a change set, with room for more names and values. */
function setClause(changes: Partial<Script>, names: Record<string, string>, values: Record<string, unknown>): string[] {
  const sets: string[] = [];
  Object.entries(changes)
    .filter(([key, value]) => value !== undefined && !['pk', 'sk', 'id', 'userId'].includes(key))
    .forEach(([key, value], i) => {
      names[`#c${i}`] = key;
      values[`:c${i}`] = value;
      sets.push(`#c${i} = :c${i}`);
    });
  return sets;
}

/**
 * The run claim lives on the script item (`videoRunId`, `videoRunAt`, outside the Script schema), so
 * claiming it and saving the run's settings are one conditional update.
 */
export class DynamoVideoRunStore implements VideoRunStore {
  constructor(private readonly table: TableRef) {}

  private key(userId: string, scriptId: string) {
    return { pk: keys.user(userId), sk: keys.script(scriptId) };
  }

  async claim(userId: string, scriptId: string, runId: string, changes: Partial<Script>, now: number, staleAfterMs: number): Promise<Script | 'busy'> {
    const names: Record<string, string> = { '#run': videoRunClaim.runId, '#at': videoRunClaim.at };
    const values: Record<string, unknown> = { ':run': runId, ':now': now, ':stale': now - staleAfterMs };
    const sets = [...setClause(changes, names, values), '#run = :run', '#at = :now'];
    names['#frames'] = videoRunClaim.renderedFrames;
    names['#progressAt'] = videoRunClaim.progressAt;
    const claimed = updateItem(this.table, {
      Key: this.key(userId, scriptId),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE #frames, #progressAt`,
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#run) OR #at < :stale)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    });
    return ifConditionFails(
      claimed.then((result) => scriptSchema.parse(result.Attributes)),
      async () => {
        if (!(await getItem(this.table, this.key(userId, scriptId), { ConsistentRead: true }))) throw new NotFoundError(scriptNotFound);
        return 'busy' as const;
      },
    );
  }

  async release(userId: string, scriptId: string, runId: string, changes: Partial<Script>, options: { onlyIfHeld?: boolean } = {}): Promise<Script | undefined> {
    const names: Record<string, string> = { '#run': videoRunClaim.runId, '#at': videoRunClaim.at };
    const values: Record<string, unknown> = { ':run': runId };
    const sets = setClause(changes, names, values);
    const released = updateItem(this.table, {
      Key: this.key(userId, scriptId),
      UpdateExpression: `${sets.length > 0 ? `SET ${sets.join(', ')} ` : ''}REMOVE #run, #at`,
      ConditionExpression: options.onlyIfHeld ? 'attribute_exists(pk) AND #run = :run' : 'attribute_exists(pk) AND (attribute_not_exists(#run) OR #run = :run)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    });
    return ifConditionFails(
      released.then((result) => scriptSchema.parse(result.Attributes)),
      () => undefined,
    );
  }

  async update(userId: string, scriptId: string, runId: string, changes: Partial<Script>): Promise<boolean> {
    const names: Record<string, string> = { '#run': videoRunClaim.runId };
    const values: Record<string, unknown> = { ':run': runId };
    const sets = setClause(changes, names, values);
    if (sets.length === 0) return true;
    return updateIf(this.table, {
      Key: this.key(userId, scriptId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#run = :run',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  }

  async addRenderedFrames(userId: string, scriptId: string, runId: string, frames: number): Promise<number | undefined> {
    const added = updateItem(this.table, {
      Key: this.key(userId, scriptId),
      UpdateExpression: 'ADD #frames :frames',
      ConditionExpression: '#run = :run',
      ExpressionAttributeNames: { '#run': videoRunClaim.runId, '#frames': videoRunClaim.renderedFrames },
      ExpressionAttributeValues: { ':run': runId, ':frames': Math.max(0, Math.round(frames)) },
      ReturnValues: 'UPDATED_NEW',
    });
    const result = await ifConditionFails(added, () => undefined);
    const total: unknown = result?.Attributes?.[videoRunClaim.renderedFrames];
    return typeof total === 'number' ? total : undefined;
  }

  async advanceProgress(userId: string, scriptId: string, runId: string, progress: number, now: number, minIntervalMs: number): Promise<boolean> {
    return updateIf(this.table, {
      Key: this.key(userId, scriptId),
      UpdateExpression: 'SET #progress = :progress, #at = :now',
      ConditionExpression:
        '#run = :run AND (attribute_not_exists(#at) OR #at <= :before) AND (attribute_not_exists(#progress) OR attribute_type(#progress, :null) OR #progress < :progress)',
      ExpressionAttributeNames: { '#run': videoRunClaim.runId, '#at': videoRunClaim.progressAt, '#progress': 'videoProgress' },
      ExpressionAttributeValues: { ':run': runId, ':now': now, ':before': now - minIntervalMs, ':progress': progress, ':null': 'NULL' },
    });
  }
}

/** Video minutes on the user's profile, with a marker per charged run in the same transaction. */
/** `MUSE#<mediaId>` items with the last use, removed by the table's TTL a week later. */
export class DynamoRecentMediaUse implements RecentMediaUse {
  constructor(private readonly table: TableRef) {}

  async since(userId: string, sinceMs: number): Promise<Record<string, number>> {
    // TTL removes items lazily: the time is checked here too.
    const uses = await mediaUseEntity.all(this.table, 'partition', { userId }, { filter: { expression: 'usedAt >= :since', values: { ':since': sinceMs } } });
    return Object.fromEntries(uses.map((use) => [use.mediaId, use.usedAt]));
  }

  async record(userId: string, mediaIds: readonly string[], atMs: number): Promise<void> {
    await Promise.all(
      mediaIds.map((mediaId) => putItem(this.table, { Item: mediaUseEntity.item({ userId, mediaId, usedAt: atMs }) })),
    );
  }
}
