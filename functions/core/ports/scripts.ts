import type { Script } from '../../contract/scripts';
import type { ScriptTemplate } from '../../contract/generation';
import type { LanguageCode } from '../../contract/languages';

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to read the next page. Absent on the last page. */
  cursor?: string;
}

/**
 * Holds a write back while a video run holds the script (docs/decisions/video-pipeline.md#one-run-per-script-claimed-on-the-script): the
 * run's claim is on the script item, so the check is a condition of the same write.
 */
export interface VideoRunGuard {
  /** Claims made before this time (ms since the epoch) are stale and hold nothing. */
  claimsSince: number;
}

export interface ScriptRepository {
  create(script: Script): Promise<void>;
  get(userId: string, scriptId: string): Promise<Script | undefined>;
  /** Newest first. */
  list(userId: string, options: { limit: number; cursor?: string; before?: string }): Promise<Page<Script>>;
  /**
   * Applies the changes to an existing script and answers it; NotFoundError when there is none. With a
   * guard, the write is refused (ConflictError, `videoBusyError`) while a video run holds the script.
   */
  update(userId: string, scriptId: string, changes: Partial<Script>, guard?: VideoRunGuard): Promise<Script>;
  /** The same write, answering the script as it was just before it too (what files it referenced). */
  updateWithPrevious(userId: string, scriptId: string, changes: Partial<Script>, guard?: VideoRunGuard): Promise<{ before: Script; after: Script }>;
  /** The deleted script, or undefined when there was none; refused like `update` with a guard. */
  delete(userId: string, scriptId: string, guard?: VideoRunGuard): Promise<Script | undefined>;
  /** True while a video run holds the script (a claim made at or after `guard.claimsSince`). */
  videoRunHolds(userId: string, scriptId: string, guard: VideoRunGuard): Promise<boolean>;
  /** Scripts created, and videos made, since `since` (ISO time). */
  monthSummary(userId: string, since: Date): Promise<{ scriptsCreated: number; videosMade: number }>;
}

export interface ScriptTemplateRepository {
  /** Writes and counts the template in one conditional write: false (nothing written) when the owner already keeps `limit`. */
  create(template: ScriptTemplate, limit: number): Promise<boolean>;
  /** Oldest first, at most `limit`. */
  list(userId: string, limit: number): Promise<ScriptTemplate[]>;
  /** Deletes and uncounts it in one write; false when it was gone. */
  delete(userId: string, templateId: string): Promise<boolean>;
}

/** What a writer is asked for: everything the prompt needs, already normalised. */
export interface WriteRequest {
  topic: string | null;
  subjectCategory: string | null;
  extraInstructions: string;
  durationSeconds: number;
  /** Spoken words that fill the duration (about 2.5 per second). */
  targetWords: number;
  count: number;
  platform: string;
  toneStyle: string;
  /** Titles not to repeat (regenerating). */
  avoidTitles?: string[];
  /** The language to write in: title, content, hook and hashtags alike. */
  language: LanguageCode;
}

/** One script as the writer drafts it, before the product's rules are applied. */
export interface DraftScript {
  title: string;
  content: string;
  hashtags: string[];
  hookSuggestion: string;
}

export interface WriteResult {
  scripts: DraftScript[];
  /** Tokens the call cost: the provider's own count, or an honest estimate offline. */
  tokensUsed: number;
}

/**
 * The script writer (LLM) port: OpenAI when its key is set, the offline writer otherwise. Failures
 * are ProviderError with a message a user can read.
 */
export interface ScriptWriter {
  readonly source: 'openai' | 'offline';
  /** An upper bound of the tokens `write` may cost, reserved against the plan before the call. */
  maxTokens(request: WriteRequest): number;
  write(request: WriteRequest): Promise<WriteResult>;
  quote(prompt: string): Promise<{ quote: string; tokensUsed: number }>;
}
