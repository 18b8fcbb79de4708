import type { AutomationLastRun } from '../../../functions/contract/workflows';
import type {
  AutomationRun,
  AutomationRunChanges,
  AutomationRunStore,
  AutomationScheduleRepository,
  StoredSchedule,
  StoredVideoTemplate,
  VideoTemplateRepository,
} from '../../../functions/core/ports/workflows';

/** Video templates under their owner, counted against a limit in the write. */
export class MemoryVideoTemplates implements VideoTemplateRepository {
  readonly byKey = new Map<string, StoredVideoTemplate>();

  create(template: StoredVideoTemplate, limit: number): Promise<boolean> {
    if (this.byKey.has(`${template.userId}#${template.id}`)) return Promise.reject(new Error('ConditionalCheckFailed: the template exists'));
    if ([...this.byKey.values()].filter((other) => other.userId === template.userId).length >= limit) return Promise.resolve(false);
    this.byKey.set(`${template.userId}#${template.id}`, template);
    return Promise.resolve(true);
  }

  get(userId: string, id: string): Promise<StoredVideoTemplate | undefined> {
    return Promise.resolve(this.byKey.get(`${userId}#${id}`));
  }

  list(userId: string, limit: number): Promise<StoredVideoTemplate[]> {
    return Promise.resolve(
      [...this.byKey.values()]
        .filter((template) => template.userId === userId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, limit),
    );
  }

  replace(template: StoredVideoTemplate): Promise<boolean> {
    if (!this.byKey.has(`${template.userId}#${template.id}`)) return Promise.resolve(false);
    this.byKey.set(`${template.userId}#${template.id}`, template);
    return Promise.resolve(true);
  }

  delete(userId: string, id: string): Promise<boolean> {
    return Promise.resolve(this.byKey.delete(`${userId}#${id}`));
  }
}

/** Schedules under their owner; the active ones counted against a limit in the write that activates one. */
export class MemoryAutomationSchedules implements AutomationScheduleRepository {
  readonly byKey = new Map<string, StoredSchedule>();

  private activeCount(userId: string, except?: string): number {
    return [...this.byKey.values()].filter((schedule) => schedule.userId === userId && schedule.isActive && schedule.id !== except).length;
  }

  create(schedule: StoredSchedule, activeLimit: number): Promise<boolean> {
    if (this.byKey.has(`${schedule.userId}#${schedule.id}`)) return Promise.reject(new Error('ConditionalCheckFailed: the schedule exists'));
    if (schedule.isActive && this.activeCount(schedule.userId) >= activeLimit) return Promise.resolve(false);
    this.byKey.set(`${schedule.userId}#${schedule.id}`, schedule);
    return Promise.resolve(true);
  }

  get(userId: string, id: string): Promise<StoredSchedule | undefined> {
    const schedule = this.byKey.get(`${userId}#${id}`);
    return Promise.resolve(schedule ? { ...schedule } : undefined);
  }

  list(userId: string, limit: number): Promise<StoredSchedule[]> {
    return Promise.resolve([...this.byKey.values()].filter((schedule) => schedule.userId === userId).slice(0, limit));
  }

  replace(schedule: StoredSchedule, activeLimit: number): Promise<'saved' | 'missing' | 'limit'> {
    const current = this.byKey.get(`${schedule.userId}#${schedule.id}`);
    if (!current) return Promise.resolve('missing');
    if (schedule.isActive && !current.isActive && this.activeCount(schedule.userId, schedule.id) >= activeLimit) return Promise.resolve('limit');
    this.byKey.set(`${schedule.userId}#${schedule.id}`, schedule);
    return Promise.resolve('saved');
  }

  delete(userId: string, id: string): Promise<boolean> {
    return Promise.resolve(this.byKey.delete(`${userId}#${id}`));
  }

  recordRun(userId: string, id: string, fields: { lastRun: AutomationLastRun; lastRunAt?: string; nextRunAt?: string | null }): Promise<void> {
    const schedule = this.byKey.get(`${userId}#${id}`);
    if (schedule) this.byKey.set(`${userId}#${id}`, { ...schedule, ...fields });
    return Promise.resolve();
  }
}

/** Runs claimed once per (schedule, period), and the scripts they wrote. */
export class MemoryAutomationRuns implements AutomationRunStore {
  readonly byKey = new Map<string, AutomationRun>();
  readonly scripts = new Map<string, { scheduleId: string; period: string }>();

  claim(run: AutomationRun): Promise<boolean> {
    const key = `${run.userId}#${run.scheduleId}#${run.period}`;
    if (this.byKey.has(key)) return Promise.resolve(false);
    this.byKey.set(key, { ...run });
    return Promise.resolve(true);
  }

  get(userId: string, scheduleId: string, period: string): Promise<AutomationRun | undefined> {
    const run = this.byKey.get(`${userId}#${scheduleId}#${period}`);
    return Promise.resolve(run ? { ...run } : undefined);
  }

  update(userId: string, scheduleId: string, period: string, changes: AutomationRunChanges): Promise<void> {
    const run = this.byKey.get(`${userId}#${scheduleId}#${period}`);
    if (run) this.byKey.set(`${userId}#${scheduleId}#${period}`, { ...run, ...changes });
    return Promise.resolve();
  }

  linkScript(userId: string, scriptId: string, run: { scheduleId: string; period: string }): Promise<void> {
    this.scripts.set(`${userId}#${scriptId}`, run);
    return Promise.resolve();
  }

  runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined> {
    const link = this.scripts.get(`${userId}#${scriptId}`);
    return link ? this.get(userId, link.scheduleId, link.period) : Promise.resolve(undefined);
  }
}
