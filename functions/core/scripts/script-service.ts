import { NotFoundError } from '../errors';
import { newId } from '../ids';
import type { ObjectStore } from '../ports/object-store';
import type { Publisher } from '../ports/realtime';
import type { Page, ScriptRepository, VideoRunGuard } from '../ports/scripts';
import type { ReferenceCheck } from '../users/references';
import { chosenLanguage, type UserLanguage } from '../users/user-language';
import type { LanguageCode } from '../../contract/languages';
import { liveClaimsSince, videoBusyError } from './lifecycle';
import { filesNoLongerReferenced } from '../files/script-files';
import type { CreateScriptInput, Script, UpdateScriptInput } from '../../contract/scripts';
import { changesWords, newScript, scriptChanges } from './script';

export const scriptNotFound = 'Script not found';
export const defaultPageSize = 100;
export const maxPageSize = 200;

export interface ScriptServiceOptions {
  /** A script's voice and preferred folder must be a preset or the user's own. */
  references: ReferenceCheck;
  /** The media bucket: a voice-over or video a script no longer references is removed from it. */
  files?: Pick<ObjectStore, 'delete'>;
  log?: { warn(message: string, ...fields: Record<string, unknown>[]): void };
  clock?: () => number;
  /** The user's default language (Settings), for a script whose request names none; absent: English. */
  userLanguage?: UserLanguage;
}

/** The user's scripts. Another user's id is simply not found. */
export class ScriptService {
  private readonly clock: () => number;

  constructor(
    private readonly scripts: ScriptRepository,
    private readonly publisher: Publisher,
    private readonly options: ScriptServiceOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** Tells the user's open pages to refresh their script list; a push failure never fails the change. */
  async announce(userId: string, scriptId?: string): Promise<void> {
    await this.publisher.publish(userId, { type: 'scripts', ...(scriptId ? { scriptId } : {}) }).catch(() => undefined);
  }

  list(userId: string, options: { limit?: number; cursor?: string; before?: string } = {}): Promise<Page<Script>> {
    return this.scripts.list(userId, { limit: Math.min(options.limit ?? defaultPageSize, maxPageSize), cursor: options.cursor, before: options.before });
  }

  async get(userId: string, scriptId: string): Promise<Script> {
    const script = await this.scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError(scriptNotFound);
    return script;
  }

  /** The language a request writes in: the one it names, else the user's default (Settings), else English. */
  async languageFor(userId: string, named?: LanguageCode | null): Promise<LanguageCode> {
    if (named) return named;
    return chosenLanguage(await this.options.userLanguage?.(userId));
  }

  async create(userId: string, input: CreateScriptInput): Promise<Script> {
    await this.options.references.assertOwned(userId, [
      { field: 'voiceId', kind: 'voice', id: input.voiceId },
      { field: 'preferredFolderId', kind: 'folder', id: input.preferredFolderId },
    ]);
    const language = await this.languageFor(userId, input.language);
    const script = newScript({ ...input, language, id: newId(), userId, now: new Date(this.clock()) });
    await this.scripts.create(script);
    await this.announce(userId, script.id);
    return script;
  }

  /**
   * PATCH. New words or a new post caption reset the audio and video: refused (409) while a
   * video run holds the script, and the files of the reset voice-over and video are removed. Other
   * fields (isActive, statuses, caption settings…) may change during a run.
   */
  async update(userId: string, scriptId: string, patch: UpdateScriptInput): Promise<Script> {
    const current = await this.get(userId, scriptId);
    // A voice the script already had is left alone; a new one must be a preset or the user's own.
    if (patch.voiceId !== undefined && patch.voiceId !== current.voiceId) {
      await this.options.references.assertOwned(userId, [{ field: 'voiceId', kind: 'voice', id: patch.voiceId }]);
    }
    const changes = scriptChanges(current, patch, new Date(this.clock()));
    let updated: Script;
    if (changesWords(current, patch)) {
      const { before, after } = await this.scripts.updateWithPrevious(userId, scriptId, changes, this.videoRunGuard());
      await this.removeUnreferenced(userId, before, after);
      updated = after;
    } else {
      updated = await this.scripts.update(userId, scriptId, changes);
    }
    await this.announce(userId, scriptId);
    return updated;
  }

  /** 409 while a video run holds the script (a check before costly work; the write itself checks again). */
  async assertNoVideoRun(userId: string, scriptId: string): Promise<void> {
    if (await this.scripts.videoRunHolds(userId, scriptId, this.videoRunGuard())) throw videoBusyError();
  }

  /** Replaces the words of a script (regeneration) and resets its audio and video; refused during a video run. */
  async replaceWords(userId: string, scriptId: string, changes: Partial<Script>): Promise<Script> {
    const { before, after } = await this.scripts.updateWithPrevious(
      userId,
      scriptId,
      { ...changes, updatedAt: new Date(this.clock()).toISOString() },
      this.videoRunGuard(),
    );
    await this.removeUnreferenced(userId, before, after);
    await this.announce(userId, scriptId);
    return after;
  }

  /** Refused during a video run; the script's voice-over and video files go with it. */
  async delete(userId: string, scriptId: string): Promise<void> {
    const deleted = await this.scripts.delete(userId, scriptId, this.videoRunGuard());
    if (!deleted) throw new NotFoundError(scriptNotFound);
    await this.removeUnreferenced(userId, deleted, undefined);
    await this.announce(userId, scriptId);
  }

  private videoRunGuard(): VideoRunGuard {
    return { claimsSince: liveClaimsSince(this.clock()) };
  }

  /** Best effort, after the record is written: a file left behind is logged, never a failed request. */
  private async removeUnreferenced(userId: string, before: Script, after: Script | undefined): Promise<void> {
    const keys = filesNoLongerReferenced(userId, before, after);
    if (keys.length === 0 || !this.options.files) return;
    await this.options.files
      .delete(keys)
      .catch((error: unknown) =>
        this.options.log?.warn('files of a script not removed', { scriptId: before.id, keys, error: error instanceof Error ? error.message : String(error) }),
      );
  }
}
