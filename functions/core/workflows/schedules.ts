import { workflowMessages, workflowPlanLimits } from '../../contract/rules/workflows';
import type { AutomationSchedule, CreateScheduleInput, UpdateScheduleInput } from '../../contract/workflows';
import { LimitExceededError, NotFoundError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type { ConnectedAccountStore } from '../ports/publishing';
import type { Scheduler } from '../ports/delivery';
import type { Publisher } from '../ports/realtime';
import type { ScriptRepository } from '../ports/scripts';
import type { AutomationScheduleRepository, StoredSchedule, StoredVideoTemplate, VideoTemplateRepository } from '../ports/workflows';
import { chosenLanguage } from '../users/user-language';
import type { User } from '../users/user';
import { cronOf, nextRunAfter, withDays } from './next-run';

export const maxSchedulesListed = 200;

export const automationJobName = (scheduleId: string) => `automation-${scheduleId}`;
export const activeScheduleLimitMessage = (limit: number) =>
  `Your plan allows ${limit} active automation schedule${limit === 1 ? '' : 's'}. Deactivate or delete one, or upgrade your plan.`;
export const recipientLimitMessage = (limit: number) => `Your plan allows at most ${limit} recipients per schedule.`;
export const scheduleDeletedMessage = 'Schedule deleted';
export const unknownAccountMessage = 'Unknown account: choose one of your connected accounts';

/**
 * Automation schedules: validation against the owner's templates and plan (the active
 * schedules' limit is the repository write's own condition, so two requests at once cannot both pass it), `nextRunAt` by
 * the product's (docs/product.md#workflows) rule in the schedule's zone, and the recurring schedule `automation-<id>` created, replaced
 * or cancelled through the Scheduler port in the same request (DynamoDB stays the source of truth).
 */
export class ScheduleService {
  constructor(
    private readonly deps: {
      schedules: AutomationScheduleRepository;
      templates: Pick<VideoTemplateRepository, 'get' | 'list'>;
      users: Pick<UserRepository, 'get'>;
      scheduler: Scheduler;
      publisher: Publisher;
      /** The owner's connected accounts, which the runs post to. */
      accounts: Pick<ConnectedAccountStore, 'get'>;
      /** To tell a run whose video failed (MarkFailed never sends a notice) from one still rendering. */
      scripts?: Pick<ScriptRepository, 'get'>;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  private async user(userId: string): Promise<User> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  async get(userId: string, id: string): Promise<StoredSchedule> {
    const schedule = await this.deps.schedules.get(userId, id);
    if (!schedule) throw new NotFoundError(workflowMessages.scheduleNotFound);
    return schedule;
  }

  async list(userId: string): Promise<AutomationSchedule[]> {
    const [schedules, templates] = await Promise.all([this.deps.schedules.list(userId, maxSchedulesListed), this.deps.templates.list(userId, 200)]);
    const names = new Map(templates.map((template) => [template.id, template.name]));
    const settled = await Promise.all(schedules.map((schedule) => this.settleFailedRun(schedule)));
    return settled.map((schedule) => toPublicSchedule(schedule, names.get(schedule.templateId) ?? null));
  }

  async one(userId: string, id: string): Promise<AutomationSchedule> {
    const schedule = await this.settleFailedRun(await this.get(userId, id));
    const template = await this.deps.templates.get(userId, schedule.templateId);
    return toPublicSchedule(schedule, template?.name ?? null);
  }

  /** A running last run whose script's video failed: the run failed with the script's reason. */
  private async settleFailedRun(schedule: StoredSchedule): Promise<StoredSchedule> {
    const run = schedule.lastRun;
    if (!run || run.status !== 'running' || !run.scriptId || !this.deps.scripts) return schedule;
    const script = await this.deps.scripts.get(schedule.userId, run.scriptId);
    if (script && script.videoGenerationStatus !== 'failed') return schedule;
    const error = script?.videoGenerationError ?? (script ? 'The video could not be made.' : 'The script of this run was deleted.');
    const lastRun = { ...run, status: 'failed' as const, error };
    await this.deps.schedules.recordRun(schedule.userId, schedule.id, { lastRun });
    return { ...schedule, lastRun };
  }

  /** The template and the recipients (a check of the request alone); the active limit is the write's own condition. */
  private async validate(
    user: User,
    fields: { templateId: string; emailRecipients: string[]; publishTargets: readonly { accountId: string }[] },
  ): Promise<StoredVideoTemplate> {
    const template = await this.deps.templates.get(user.id, fields.templateId);
    if (!template)
      throw new ValidationError(workflowMessages.unknownTemplate, [{ path: 'templateId', message: workflowMessages.unknownTemplate }], 'UNKNOWN_TEMPLATE');
    const accounts = await Promise.all(fields.publishTargets.map((target) => this.deps.accounts.get(user.id, target.accountId)));
    if (accounts.some((account) => !account))
      throw new ValidationError(unknownAccountMessage, [{ path: 'publishTargets', message: unknownAccountMessage }], 'UNKNOWN_ACCOUNT');
    const recipients = workflowPlanLimits.recipients[user.subscriptionTier];
    if (fields.emailRecipients.length > recipients)
      throw new ValidationError(
        recipientLimitMessage(recipients),
        [{ path: 'emailRecipients', message: recipientLimitMessage(recipients) }],
        'TOO_MANY_RECIPIENTS',
      );
    return template;
  }

  private activeLimitError(user: User): LimitExceededError {
    return new LimitExceededError(activeScheduleLimitMessage(this.activeLimitOf(user)), undefined, 'SCHEDULE_LIMIT');
  }

  private activeLimitOf(user: User): number {
    return workflowPlanLimits.activeSchedules[user.subscriptionTier];
  }

  async create(userId: string, input: CreateScheduleInput): Promise<AutomationSchedule> {
    const user = await this.user(userId);
    const template = await this.validate(user, input);
    const now = this.now();
    const days = withDays(
      { frequency: input.frequency, startTime: input.startTime, timeZone: input.timeZone, dayOfWeek: input.dayOfWeek, dayOfMonth: input.dayOfMonth },
      now,
    );
    const schedule: StoredSchedule = {
      id: newId(),
      userId,
      name: input.name,
      templateId: input.templateId,
      frequency: input.frequency,
      startTime: input.startTime,
      timeZone: input.timeZone,
      dayOfWeek: days.dayOfWeek,
      dayOfMonth: days.dayOfMonth,
      isActive: input.isActive,
      emailRecipients: input.emailRecipients,
      emailSubject: input.emailSubject,
      emailBody: input.emailBody,
      publishTargets: input.publishTargets,
      publishCaption: input.publishCaption,
      // Saved without a language: its template's (which was the user's default when it was saved).
      language: chosenLanguage(input.language, template.language, user.language),
      nextRunAt: input.isActive ? nextRunAfter(days, now).toISOString() : null,
      lastRunAt: null,
      lastRun: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    if (!(await this.deps.schedules.create(schedule, this.activeLimitOf(user)))) throw this.activeLimitError(user);
    try {
      await this.arm(schedule);
    } catch (error) {
      // Nothing half-written: a schedule the scheduler refused is not kept.
      await this.deps.schedules.delete(userId, schedule.id).catch(() => undefined);
      throw error;
    }
    await this.announce(userId, schedule.id);
    return this.one(userId, schedule.id);
  }

  async update(userId: string, id: string, input: UpdateScheduleInput): Promise<AutomationSchedule> {
    const current = await this.get(userId, id);
    const user = await this.user(userId);
    const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as UpdateScheduleInput;
    const merged = { ...current, ...defined };
    await this.validate(user, merged);
    const now = this.now();
    const timingChanged = (['frequency', 'startTime', 'timeZone', 'dayOfWeek', 'dayOfMonth', 'isActive'] as const).some(
      (field) => defined[field] !== undefined && defined[field] !== current[field],
    );
    const days = withDays(merged, now);
    const next: StoredSchedule = {
      ...merged,
      dayOfWeek: days.dayOfWeek,
      dayOfMonth: days.dayOfMonth,
      nextRunAt: merged.isActive ? (timingChanged || !current.nextRunAt ? nextRunAfter(days, now).toISOString() : current.nextRunAt) : null,
      updatedAt: now.toISOString(),
    };
    const saved = await this.deps.schedules.replace(next, this.activeLimitOf(user));
    if (saved === 'missing') throw new NotFoundError(workflowMessages.scheduleNotFound);
    if (saved === 'limit') throw this.activeLimitError(user);
    await this.arm(next);
    await this.announce(userId, id);
    return this.one(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.get(userId, id);
    await this.deps.scheduler.cancel(automationJobName(id));
    if (!(await this.deps.schedules.delete(userId, id))) throw new NotFoundError(workflowMessages.scheduleNotFound);
    await this.announce(userId, id);
  }

  /** Active: (re)creates the recurring schedule; inactive: removes it. */
  private async arm(schedule: StoredSchedule): Promise<void> {
    const name = automationJobName(schedule.id);
    if (!schedule.isActive) {
      await this.deps.scheduler.cancel(name);
      return;
    }
    await this.deps.scheduler.scheduleRecurring(
      name,
      { cron: cronOf(schedule), timeZone: schedule.timeZone },
      { kind: 'automation-run', userId: schedule.userId, scheduleId: schedule.id },
    );
  }

  private async announce(userId: string, scheduleId: string): Promise<void> {
    await this.deps.publisher.publish(userId, { type: 'workflows', userId, scheduleId }).catch(() => undefined);
  }
}

export function toPublicSchedule(schedule: StoredSchedule, templateName: string | null): AutomationSchedule {
  const { userId: _owner, ...shown } = schedule;
  return { ...shown, templateName };
}
