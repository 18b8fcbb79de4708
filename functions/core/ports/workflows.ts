import type { AutomationLastRun, AutomationSchedule, RunStatus, VideoTemplate } from '../../contract/workflows';

/**
 * Ports of the workflows: video templates, automation schedules and their runs, all under
 * the owner's key.
 */

export interface StoredVideoTemplate extends VideoTemplate {
  userId: string;
}

export interface VideoTemplateRepository {
  /**
   * Writes the template and counts it in one conditional write: false (nothing written) when the owner
   * already has `limit` or more. Fails (throws) if the id exists.
   */
  create(template: StoredVideoTemplate, limit: number): Promise<boolean>;
  get(userId: string, id: string): Promise<StoredVideoTemplate | undefined>;
  /** Newest first. */
  list(userId: string, limit: number): Promise<StoredVideoTemplate[]>;
  /** Replaces an existing template; false when it is gone. */
  replace(template: StoredVideoTemplate): Promise<boolean>;
  /** Deletes and uncounts it in one write; false when it was gone. */
  delete(userId: string, id: string): Promise<boolean>;
}

export type StoredSchedule = Omit<AutomationSchedule, 'templateName'> & { userId: string };

/**
 * The active schedules are counted against the plan in the same write that makes one active:
 * creating an active schedule, or replacing a paused one with an active one, is refused (nothing
 * written) when the owner already has `activeLimit` or more active; pausing or deleting an active one
 * gives its place back in the same write.
 */
export interface AutomationScheduleRepository {
  /** false: refused at the active limit. Fails (throws) if the id exists. */
  create(schedule: StoredSchedule, activeLimit: number): Promise<boolean>;
  get(userId: string, id: string): Promise<StoredSchedule | undefined>;
  /** Newest first. */
  list(userId: string, limit: number): Promise<StoredSchedule[]>;
  /** Replaces an existing schedule: 'missing' when it is gone, 'limit' when activating it would pass `activeLimit`. */
  replace(schedule: StoredSchedule, activeLimit: number): Promise<'saved' | 'missing' | 'limit'>;
  delete(userId: string, id: string): Promise<boolean>;
  /** Writes the run fields only, if the schedule still exists (a run never brings a deleted schedule back). */
  recordRun(userId: string, id: string, fields: { lastRun: AutomationLastRun; lastRunAt?: string; nextRunAt?: string | null }): Promise<void>;
}

/** One run of a schedule: claimed once per (schedule, period); a test run has its own period. */
export interface AutomationRun {
  userId: string;
  scheduleId: string;
  /** The firing's scheduled time truncated to the minute (`2026-05-10T09:00Z`), or `TEST-<ulid>`. */
  period: string;
  runId: string;
  test: boolean;
  status: RunStatus;
  startedAt: string;
  finishedAt: string | null;
  scriptId: string | null;
  scriptTitle: string | null;
  videoUrl: string | null;
  shareUrl: string | null;
  error: string | null;
  /** Who gets the video, and how: fixed when the run starts. */
  recipients: string[];
  emailSubject: string;
  emailBody: string;
}

export type AutomationRunChanges = Partial<Pick<AutomationRun, 'status' | 'finishedAt' | 'scriptId' | 'scriptTitle' | 'videoUrl' | 'shareUrl' | 'error'>>;

export interface AutomationRunStore {
  /** Writes the run if its (schedule, period) has none yet: false for a second firing of the same period. */
  claim(run: AutomationRun): Promise<boolean>;
  get(userId: string, scheduleId: string, period: string): Promise<AutomationRun | undefined>;
  update(userId: string, scheduleId: string, period: string, changes: AutomationRunChanges): Promise<void>;
  /** Records that `scriptId` was written by this run (read back when its video completes). */
  linkScript(userId: string, scriptId: string, run: { scheduleId: string; period: string }): Promise<void>;
  runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined>;
}

/** What delivery needs of the workflows when a video completes (AutomationDelivery's side of a run). */
export interface AutomationDeliveries {
  /** The running automation run that wrote this script, if any. */
  runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined>;
  /** Records the run's end on the run and its schedule (and tells the page). */
  finished(
    run: AutomationRun,
    outcome: { status: 'completed'; videoUrl: string; shareUrl: string | null; error: string | null } | { status: 'failed'; error: string },
  ): Promise<void>;
  /** The schedule's name, for the owner's mail when a run fails. */
  scheduleNameOf(userId: string, scheduleId: string): Promise<string | undefined>;
}
