import { scriptSchema, type Script } from '../../../functions/contract/scripts';
import { NotFoundError } from '../../../functions/core/errors';
import { videoBusyError } from '../../../functions/core/scripts/lifecycle';
import { newScript } from '../../../functions/core/scripts/script';
import { scriptNotFound } from '../../../functions/core/scripts/script-service';
import type { Page, ScriptRepository, VideoRunGuard } from '../../../functions/core/ports/scripts';
import type { VideoRunStore } from '../../../functions/core/ports/video';

/** The run's claim beside the script record, as the table keeps it (`videoRunId`, `videoRunAt`). */
interface Claim {
  runId: string;
  at: number;
  frames: number;
}

/**
 * The scripts and their video runs' claims, with the table's conditional writes: an update of a missing
 * script is a 404; with a guard, a write to a script a live claim holds is refused (409 VIDEO_RUN_ACTIVE);
 * a delete answers the script removed (undefined when there was none).
 */
export class MemoryScripts implements ScriptRepository {
  readonly byKey = new Map<string, Script>();
  readonly claims = new Map<string, Claim>();

  private key(userId: string, scriptId: string): string {
    return `${userId}#${scriptId}`;
  }

  /** A script as a test's given (the owner's, idle, no media). */
  add(userId: string, id: string, changes: Partial<Script> = {}): Script {
    const script = {
      ...newScript({ id, userId, title: `Script ${id}`, scriptContent: 'Coffee is good. Drink it hot.', now: new Date('2026-01-01T00:00:00Z') }),
      ...changes,
    };
    this.byKey.set(this.key(userId, id), script);
    return script;
  }

  /** A live claim as a run made at `at` (ms). */
  hold(userId: string, scriptId: string, runId: string, at: number): void {
    this.claims.set(this.key(userId, scriptId), { runId, at, frames: 0 });
  }

  claimOf(userId: string, scriptId: string): Claim | undefined {
    return this.claims.get(this.key(userId, scriptId));
  }

  private held(userId: string, scriptId: string, guard: VideoRunGuard | undefined): boolean {
    const claim = this.claims.get(this.key(userId, scriptId));
    return guard !== undefined && claim !== undefined && claim.at >= guard.claimsSince;
  }

  create(script: Script): Promise<void> {
    if (this.byKey.has(this.key(script.userId, script.id))) return Promise.reject(new Error('ConditionalCheckFailed: the script exists'));
    this.byKey.set(this.key(script.userId, script.id), scriptSchema.parse(script));
    return Promise.resolve();
  }

  get(userId: string, scriptId: string): Promise<Script | undefined> {
    const script = this.byKey.get(this.key(userId, scriptId));
    return Promise.resolve(script ? { ...script } : undefined);
  }

  /** Newest first by id (ULIDs sort by time), `cursor` the last id of the page before. */
  list(userId: string, options: { limit: number; cursor?: string; before?: string }): Promise<Page<Script>> {
    const after = options.cursor ?? options.before;
    const all = [...this.byKey.values()]
      .filter((script) => script.userId === userId)
      .sort((a, b) => b.id.localeCompare(a.id))
      .filter((script) => after === undefined || script.id < after);
    const items = all.slice(0, options.limit);
    const last = items.at(-1);
    return Promise.resolve(all.length > options.limit && last ? { items, cursor: last.id } : { items });
  }

  private write(userId: string, scriptId: string, changes: Partial<Script>, guard: VideoRunGuard | undefined): { before: Script; after: Script } {
    const before = this.byKey.get(this.key(userId, scriptId));
    if (!before) throw new NotFoundError(scriptNotFound);
    if (this.held(userId, scriptId, guard)) throw videoBusyError();
    const after = scriptSchema.parse({ ...before, ...changes });
    this.byKey.set(this.key(userId, scriptId), after);
    return { before, after };
  }

  update(userId: string, scriptId: string, changes: Partial<Script>, guard?: VideoRunGuard): Promise<Script> {
    try {
      return Promise.resolve({ ...this.write(userId, scriptId, changes, guard).after });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  updateWithPrevious(userId: string, scriptId: string, changes: Partial<Script>, guard?: VideoRunGuard): Promise<{ before: Script; after: Script }> {
    try {
      return Promise.resolve(this.write(userId, scriptId, changes, guard));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  delete(userId: string, scriptId: string, guard?: VideoRunGuard): Promise<Script | undefined> {
    // A missing item passes the condition (no claim): nothing deleted, nothing refused.
    if (this.held(userId, scriptId, guard)) return Promise.reject(videoBusyError());
    const script = this.byKey.get(this.key(userId, scriptId));
    this.byKey.delete(this.key(userId, scriptId));
    this.claims.delete(this.key(userId, scriptId));
    return Promise.resolve(script);
  }

  videoRunHolds(userId: string, scriptId: string, guard: VideoRunGuard): Promise<boolean> {
    return Promise.resolve(this.byKey.has(this.key(userId, scriptId)) && this.held(userId, scriptId, guard));
  }

  monthSummary(userId: string, since: Date): Promise<{ scriptsCreated: number; videosMade: number }> {
    const mine = [...this.byKey.values()].filter((script) => script.userId === userId);
    return Promise.resolve({
      scriptsCreated: mine.filter((script) => script.createdAt >= since.toISOString()).length,
      videosMade: mine.filter((script) => script.videoGeneratedAt !== null && script.videoGeneratedAt >= since.toISOString()).length,
    });
  }
}

/**
 * The video runs' claims on the same script records (the claim sits on the script item): a claim is
 * refused ('busy') while another live claim stands, a missing script is a 404; a release, a run's update,
 * its frames and its progress touch only the script its run still holds.
 */
export class MemoryVideoRuns implements VideoRunStore {
  constructor(private readonly scripts: MemoryScripts) {}

  private key(userId: string, scriptId: string): string {
    return `${userId}#${scriptId}`;
  }

  private heldBy(userId: string, scriptId: string, runId: string): Claim | undefined {
    const claim = this.scripts.claims.get(this.key(userId, scriptId));
    return claim?.runId === runId ? claim : undefined;
  }

  claim(userId: string, scriptId: string, runId: string, changes: Partial<Script>, now: number, staleAfterMs: number): Promise<Script | 'busy'> {
    const script = this.scripts.byKey.get(this.key(userId, scriptId));
    if (!script) return Promise.reject(new NotFoundError(scriptNotFound));
    const current = this.scripts.claims.get(this.key(userId, scriptId));
    if (current && current.at >= now - staleAfterMs) return Promise.resolve('busy');
    const claimed = scriptSchema.parse({ ...script, ...changes });
    this.scripts.byKey.set(this.key(userId, scriptId), claimed);
    this.scripts.claims.set(this.key(userId, scriptId), { runId, at: now, frames: 0 });
    return Promise.resolve({ ...claimed });
  }

  release(userId: string, scriptId: string, runId: string, changes: Partial<Script>, options: { onlyIfHeld?: boolean } = {}): Promise<Script | undefined> {
    const script = this.scripts.byKey.get(this.key(userId, scriptId));
    const claim = this.scripts.claims.get(this.key(userId, scriptId));
    if (!script || (claim ? claim.runId !== runId : options.onlyIfHeld)) return Promise.resolve(undefined);
    const released = scriptSchema.parse({ ...script, ...changes });
    this.scripts.byKey.set(this.key(userId, scriptId), released);
    this.scripts.claims.delete(this.key(userId, scriptId));
    return Promise.resolve({ ...released });
  }

  update(userId: string, scriptId: string, runId: string, changes: Partial<Script>): Promise<boolean> {
    const script = this.scripts.byKey.get(this.key(userId, scriptId));
    if (!script || !this.heldBy(userId, scriptId, runId)) return Promise.resolve(false);
    this.scripts.byKey.set(this.key(userId, scriptId), scriptSchema.parse({ ...script, ...changes }));
    return Promise.resolve(true);
  }

  addRenderedFrames(userId: string, scriptId: string, runId: string, frames: number): Promise<number | undefined> {
    const claim = this.heldBy(userId, scriptId, runId);
    if (!claim) return Promise.resolve(undefined);
    claim.frames += Math.max(0, Math.round(frames));
    return Promise.resolve(claim.frames);
  }

  advanceProgress(userId: string, scriptId: string, runId: string, progress: number): Promise<boolean> {
    const script = this.scripts.byKey.get(this.key(userId, scriptId));
    if (!script || !this.heldBy(userId, scriptId, runId) || (script.videoProgress ?? -1) >= progress) return Promise.resolve(false);
    this.scripts.byKey.set(this.key(userId, scriptId), { ...script, videoProgress: progress });
    return Promise.resolve(true);
  }
}
