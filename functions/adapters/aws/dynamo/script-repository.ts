import { encodeTime } from 'ulid';
import { NotFoundError } from '../../../core/errors';
import type { Page, ScriptRepository, VideoRunGuard } from '../../../core/ports/scripts';
import { scriptSchema, type Script } from '../../../contract/scripts';
import { scriptNotFound } from '../../../core/scripts/script-service';
import { videoBusyError } from '../../../core/scripts/lifecycle';
import { defineEntity, ownedById, where, type Condition } from './entity';
import { keys, videoRunClaim } from './keys';
import { getItem, ifConditionFails, queryCount, type TableRef } from './table';

const prefix = keys.script('');

/** Scripts under `USER#<id>` / `SCRIPT#<ulid>`; a video run's claim (keys.ts `videoRunClaim`) sits beside the record and is never exported. */
export const scriptEntity = defineEntity<Script>({
  type: 'Script',
  schema: scriptSchema,
  ...ownedById(keys.script),
  export: { file: 'scripts.json', omit: Object.values(videoRunClaim) },
});

/** The fields of a change set that are written: undefined values are left alone, the keys never change. */
export function writable(changes: Partial<Script>): Partial<Script> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && key !== 'pk' && key !== 'sk' && key !== 'id' && key !== 'userId'),
  );
}

/**
 * The condition that keeps a write off a script a video run holds: no claim, or one made before
 * `claimsSince` (stale: the same rule as generate-video's claim).
 */
function guardCondition(guard: VideoRunGuard | undefined): Condition | undefined {
  if (!guard) return undefined;
  return where.or(where.absent(videoRunClaim.runId), where.lt(videoRunClaim.at, guard.claimsSince));
}

/** Scripts under `USER#<id>` / `SCRIPT#<ulid>`: newest first is a backwards query. */
export class DynamoScriptRepository implements ScriptRepository {
  constructor(private readonly table: TableRef) {}

  async create(script: Script): Promise<void> {
    await scriptEntity.putNew(this.table, script);
  }

  get(userId: string, scriptId: string): Promise<Script | undefined> {
    return scriptEntity.get(this.table, { userId, id: scriptId });
  }

  list(userId: string, options: { limit: number; cursor?: string; before?: string }): Promise<Page<Script>> {
    return scriptEntity.page(
      this.table,
      'partition',
      { userId },
      {
        newestFirst: true,
        limit: options.limit,
        cursor: options.cursor,
        startAfterSortKey: options.before ? keys.script(options.before) : undefined,
      },
    );
  }

  async update(userId: string, scriptId: string, changes: Partial<Script>, guard?: VideoRunGuard): Promise<Script> {
    return scriptSchema.parse(await this.write(userId, scriptId, changes, guard, 'ALL_NEW'));
  }

  async updateWithPrevious(userId: string, scriptId: string, changes: Partial<Script>, guard?: VideoRunGuard): Promise<{ before: Script; after: Script }> {
    const before = scriptSchema.parse(await this.write(userId, scriptId, changes, guard, 'ALL_OLD'));
    // The update only SETs: the new state is the old one with the changes applied.
    return { before, after: scriptSchema.parse({ ...before, ...writable(changes) }) };
  }

  /** One conditional update of an existing script (and, with a guard, one no video run holds). */
  private async write(userId: string, scriptId: string, changes: Partial<Script>, guard: VideoRunGuard | undefined, returnValues: 'ALL_NEW' | 'ALL_OLD') {
    return ifConditionFails(
      scriptEntity.update(
        this.table,
        { userId, id: scriptId },
        { set: writable(changes), condition: where.and(where.itemExists(), guardCondition(guard)), returns: returnValues },
      ),
      async () => {
        throw guard && (await this.exists(userId, scriptId)) ? videoBusyError() : new NotFoundError(scriptNotFound);
      },
    );
  }

  async delete(userId: string, scriptId: string, guard?: VideoRunGuard): Promise<Script | undefined> {
    const deleted = scriptEntity.delete(this.table, { userId, id: scriptId }, { condition: guardCondition(guard), returns: 'ALL_OLD' });
    // A missing item passes the condition (no claim), so a failure means a run holds the script.
    const old = await ifConditionFails(deleted, () => {
      throw videoBusyError();
    });
    return old ? scriptSchema.parse(old) : undefined;
  }

  async videoRunHolds(userId: string, scriptId: string, guard: VideoRunGuard): Promise<boolean> {
    const item = await getItem(this.table, this.key(userId, scriptId), { consistent: true });
    const at: unknown = item?.[videoRunClaim.at];
    return item?.[videoRunClaim.runId] !== undefined && !(typeof at === 'number' && at < guard.claimsSince);
  }

  private key(userId: string, scriptId: string) {
    return scriptEntity.key({ userId, id: scriptId });
  }

  private async exists(userId: string, scriptId: string): Promise<boolean> {
    return (await getItem(this.table, this.key(userId, scriptId), { consistent: true, attributes: ['pk'] })) !== undefined;
  }

  async monthSummary(userId: string, since: Date): Promise<{ scriptsCreated: number; videosMade: number }> {
    const [scriptsCreated, videosMade] = await Promise.all([
      // ULIDs begin with their time: every id made since `since` sorts after this key.
      queryCount(this.table, {
        partitionKey: keys.user(userId),
        sortKeyBetween: { from: keys.script(encodeTime(since.getTime(), 10)), to: `${prefix}\uffff` },
      }),
      scriptEntity.count(this.table, 'partition', { userId }, { filter: where.ge('videoGeneratedAt', since.toISOString()) }),
    ]);
    return { scriptsCreated, videosMade };
  }
}
