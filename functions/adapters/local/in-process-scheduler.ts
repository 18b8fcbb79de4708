import { readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import type { RecurringSpec, ScheduledJob, Scheduler } from '../../core/ports/delivery';
import { scheduledJobSchema } from '../../core/delivery/scheduled-job';

const entrySchema = z.object({
  name: z.string(),
  job: scheduledJobSchema,
  /** ms; the next firing. */
  nextAt: z.number(),
  recurring: z.object({ cron: z.string(), timeZone: z.string() }).optional(),
});
type Entry = z.infer<typeof entrySchema>;

export type JobRunner = (job: ScheduledJob, scheduledTime: Date) => Promise<void>;

export interface InProcessSchedulerOptions {
  /** Tests move time by hand; default `Date.now`. */
  now?: () => number;
  /** Where schedules survive a restart of `npm start` (absent: memory only). */
  stateFile?: string;
  /** How often the timer looks for due work (ms); 0 turns the timer off (tests call `tick`). */
  intervalMs?: number;
  onError?: (error: unknown, job: ScheduledJob) => void;
}

/** What a firing hands the runner: an automation run learns its scheduled time, as EventBridge's `<aws.scheduler.scheduled-time>` tells it. */
export function withScheduledTime(job: ScheduledJob, at: Date): ScheduledJob {
  return job.kind === 'automation-run' ? { ...job, scheduledAt: at.toISOString() } : job;
}

function nextOf(spec: RecurringSpec, after: number): number | undefined {
  return new Cron(spec.cron, { timezone: spec.timeZone, paused: true }).nextRun(new Date(after))?.getTime();
}

/**
 * EventBridge Scheduler's semantics in process: named schedules, a one-time
 * schedule deletes itself after firing (ActionAfterCompletion DELETE), a recurring one computes its
 * next time with croner in its IANA time zone, creating a name again replaces it. A firing calls the
 * runner (the same job handler the cloud's target runs); a failure is reported and not retried here:
 * the job's own claim and the every-minute sweep make the work safe to repeat.
 */
export class InProcessScheduler implements Scheduler {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private runner: JobRunner | undefined;
  private readonly now: () => number;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: InProcessSchedulerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.load();
  }

  /** Starts firing through `runner` (the local stack calls this once its handlers are ready). */
  start(runner: JobRunner): void {
    this.runner = runner;
    const interval = this.options.intervalMs ?? 250;
    if (interval > 0 && !this.timer) {
      this.timer = setInterval(() => void this.tick(), interval);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.runner = undefined;
  }

  async scheduleOnce(name: string, at: Date, job: ScheduledJob): Promise<void> {
    this.entries.set(name, { name, job, nextAt: at.getTime() });
    this.save();
  }

  async scheduleRecurring(name: string, spec: RecurringSpec, job: ScheduledJob): Promise<void> {
    const nextAt = nextOf(spec, this.now());
    if (nextAt === undefined) throw new Error(`The schedule ${spec.cron} never fires`);
    this.entries.set(name, { name, job, nextAt, recurring: spec });
    this.save();
  }

  async cancel(name: string): Promise<void> {
    if (this.entries.delete(name)) this.save();
  }

  /** What is scheduled (tests and the local inspector). */
  list(): readonly Entry[] {
    return [...this.entries.values()].sort((a, b) => a.nextAt - b.nextAt);
  }

  /** Fires everything due by now; answers how many firings started. */
  async tick(): Promise<number> {
    const now = this.now();
    const due = [...this.entries.values()].filter((entry) => entry.nextAt <= now).map((entry) => ({ entry, at: entry.nextAt }));
    for (const { entry } of due) {
      if (entry.recurring) {
        const next = nextOf(entry.recurring, Math.max(now, entry.nextAt));
        if (next === undefined) this.entries.delete(entry.name);
        else entry.nextAt = next;
      } else {
        this.entries.delete(entry.name);
      }
    }
    if (due.length > 0) this.save();
    const runner = this.runner;
    if (!runner) return 0;
    const runs = due.map(({ entry, at }) => {
      const run = runner(withScheduledTime(entry.job, new Date(at)), new Date(at)).catch((error: unknown) => this.options.onError?.(error, entry.job));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
      return run;
    });
    await Promise.all(runs);
    return due.length;
  }

  /** Resolves when every started firing has finished (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private load(): void {
    if (!this.options.stateFile) return;
    try {
      const entries = z.array(entrySchema).parse(JSON.parse(readFileSync(this.options.stateFile, 'utf8')));
      for (const entry of entries) this.entries.set(entry.name, entry);
    } catch {
      // No file yet, or one from another version: start empty (scheduled emails are also swept every minute).
    }
  }

  private save(): void {
    if (!this.options.stateFile) return;
    mkdirSync(dirname(this.options.stateFile), { recursive: true });
    // A temporary file renamed over the old one: a kill mid-write leaves the old schedules or the new, never half a file.
    const temporary = `${this.options.stateFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.list()), { mode: 0o600 });
    renameSync(temporary, this.options.stateFile);
  }
}

let shared: InProcessScheduler | undefined;

/** The one local scheduler of this process (what composition roots get in local mode). */
export function localScheduler(options?: InProcessSchedulerOptions): InProcessScheduler {
  shared ??= new InProcessScheduler(options);
  return shared;
}

export function resetLocalScheduler(): void {
  shared?.stop();
  shared = undefined;
}
