import type { GenerationStatus } from '@contract/scripts';

/**
 * Generation statuses mirrored in browser storage, and the fallback polling timer.
 * No DOM types: the storage and the timers are passed in, so the unit tests drive them in Node.
 */
export type { GenerationStatus };
export type GenerationKind = 'audio' | 'video';

export const isFinal = (status: GenerationStatus) => status === 'complete' || status === 'failed';

/**
 * A stored "generating" older than this is not restored: the tab that started it is long gone and the
 * server would have said complete or failed by now (a video run is bounded well below it).
 */
export const STALE_GENERATING_MS = 30 * 60 * 1000;

export interface StatusStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface StoredEntry {
  status: GenerationStatus;
  at: number;
}

export const generationStatusKey = (scriptId: string, kind: GenerationKind) => `generationStatus:${scriptId}:${kind}`;

const statuses: readonly GenerationStatus[] = ['idle', 'generating', 'complete', 'failed'];

export function readStatus(store: StatusStore | undefined, scriptId: string, kind: GenerationKind): StoredEntry | null {
  try {
    const raw = store?.getItem(generationStatusKey(scriptId, kind));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredEntry>;
    if (!statuses.includes(value.status as GenerationStatus) || typeof value.at !== 'number') return null;
    return { status: value.status as GenerationStatus, at: value.at };
  } catch {
    return null;
  }
}

export function writeStatus(store: StatusStore | undefined, scriptId: string, kind: GenerationKind, status: GenerationStatus, now: number): void {
  try {
    store?.setItem(generationStatusKey(scriptId, kind), JSON.stringify({ status, at: now }));
  } catch {
    // storage full or blocked: the mirror is a convenience, the server's status still holds
  }
}

/**
 * What the card shows on load: a stored non-final status is restored unless the server
 * already says complete or failed, in which case storage takes the server's word. `store` says what
 * to write back, if anything.
 */
export function restoreStatus(stored: StoredEntry | null, server: GenerationStatus, now: number): { status: GenerationStatus; store?: GenerationStatus } {
  if (isFinal(server)) return { status: server, store: stored && stored.status !== server ? server : undefined };
  if (stored && stored.status === 'generating' && now - stored.at < STALE_GENERATING_MS) return { status: 'generating' };
  return { status: server };
}

/**
 * The card's status after the server's copy changed: a final or generating answer wins; an idle one
 * does not undo a generation this tab has just started (the list may be older than the request).
 */
export function mergeServerStatus(local: GenerationStatus, server: GenerationStatus, startedHere: boolean): GenerationStatus {
  if (server === 'idle' && local === 'generating' && startedHere) return local;
  return server;
}

/**
 * A failure's reason under a title that already says what failed: the server's `Failed to generate
 * video. Please try again.` under `Failed to generate video` reads `Please try again.`
 */
export function reasonUnder(title: string, reason: string | null | undefined): string | undefined {
  const text = reason?.trim();
  if (!text) return undefined;
  if (!text.toLowerCase().startsWith(title.toLowerCase())) return text;
  const rest = text.slice(title.length).replace(/^[\s.:,;—-]+/, '');
  return rest || undefined;
}

/** Polling every 10 s, a 120 s safety stop, 30 s after script generation. */
export const POLL_INTERVAL_MS = 10_000;
export const POLL_SAFETY_MS = 120_000;
export const POLL_AFTER_SCRIPTS_MS = 30_000;

export interface Timers {
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/**
 * Refetches every `intervalMs` until `stop()` (completion, a live update) or `maxMs` has passed.
 * Starting again restarts the window.
 */
export class FallbackPoller {
  private interval: unknown;
  private deadline: unknown;

  constructor(
    private readonly refresh: () => void,
    private readonly timers: Timers,
  ) {}

  get running(): boolean {
    return this.interval !== undefined;
  }

  start(maxMs: number = POLL_SAFETY_MS, intervalMs: number = POLL_INTERVAL_MS): void {
    this.stop();
    this.interval = this.timers.setInterval(() => this.refresh(), intervalMs);
    this.deadline = this.timers.setTimeout(() => this.stop(), maxMs);
  }

  stop(): void {
    if (this.interval !== undefined) this.timers.clearInterval(this.interval);
    if (this.deadline !== undefined) this.timers.clearTimeout(this.deadline);
    this.interval = undefined;
    this.deadline = undefined;
  }
}
