import { NotFoundError } from '../errors';
import { newId } from '../ids';
import type { Publisher } from '../ports/realtime';
import type { Page, ScriptRepository } from '../ports/scripts';
import { newScript, scriptChanges, type CreateScriptInput, type Script, type UpdateScriptInput } from './script';

export const scriptNotFound = 'Script not found';
export const defaultPageSize = 100;
export const maxPageSize = 200;

/** The user's scripts (000 §3, §4, §7). Another user's id is simply not found. */
export class ScriptService {
  constructor(
    private readonly scripts: ScriptRepository,
    private readonly publisher: Publisher,
    private readonly clock: () => number = Date.now,
  ) {}

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

  async create(userId: string, input: CreateScriptInput): Promise<Script> {
    const script = newScript({ ...input, id: newId(), userId, now: new Date(this.clock()) });
    await this.scripts.create(script);
    await this.announce(userId, script.id);
    return script;
  }

  async update(userId: string, scriptId: string, patch: UpdateScriptInput): Promise<Script> {
    const current = await this.get(userId, scriptId);
    const updated = await this.scripts.update(userId, scriptId, scriptChanges(current, patch, new Date(this.clock())));
    await this.announce(userId, scriptId);
    return updated;
  }

  /** Replaces the words of a script (regeneration) and resets its audio and video. */
  async replaceWords(userId: string, scriptId: string, changes: Partial<Script>): Promise<Script> {
    const updated = await this.scripts.update(userId, scriptId, { ...changes, updatedAt: new Date(this.clock()).toISOString() });
    await this.announce(userId, scriptId);
    return updated;
  }

  async delete(userId: string, scriptId: string): Promise<void> {
    const deleted = await this.scripts.delete(userId, scriptId);
    if (!deleted) throw new NotFoundError(scriptNotFound);
    await this.announce(userId, scriptId);
  }
}
