import { z } from 'zod';
import { storedLanguageSchema } from '../../../contract/languages';
import { mediaAssignmentsSchema, runStatuses, scheduleFrequencies, templateCaptionSettingsSchema, templateDurations } from '../../../contract/workflows';
import type {
  AutomationRun,
  AutomationRunChanges,
  AutomationRunStore,
  AutomationScheduleRepository,
  StoredSchedule,
  StoredVideoTemplate,
  VideoTemplateRepository,
} from '../../../core/ports/workflows';
import { defineEntity, type Condition, type Entity, ownerPk, ownedById, where } from './entity';
import { workflowKeys } from './keys';
import { cancellationCodes, countUnder, PlanCounter, type TransactItem } from './plan-counter';
import { conditionHeld, getItem, transactWrite, unlessConditionFails, type TableRef } from './table';

/** Runs and their script links are kept a year, then expire (the schedule keeps its last run). */
const runKeepSeconds = 365 * 86_400;

const storedTemplateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  topic: z.string(),
  subjectCategory: z.string(),
  duration: z.enum(templateDurations),
  voiceId: z.string().nullable(),
  prompt: z.string().nullable(),
  scriptContent: z.string().nullable(),
  backgroundAudioId: z.string().nullable(),
  backgroundAudioVolume: z.number(),
  mediaAssignments: mediaAssignmentsSchema,
  isActive: z.boolean(),
  captionSettings: templateCaptionSettingsSchema,
  // Templates saved before languages read English.
  language: storedLanguageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<StoredVideoTemplate>;

const lastRunSchema = z.object({
  at: z.string(),
  status: z.enum(runStatuses),
  scriptId: z.string().nullable(),
  scriptTitle: z.string().nullable(),
  videoUrl: z.string().optional(),
  shareUrl: z.string().optional(),
  error: z.string().optional(),
  test: z.boolean(),
});

const storedScheduleSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  templateId: z.string(),
  frequency: z.enum(scheduleFrequencies),
  startTime: z.string(),
  timeZone: z.string(),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  isActive: z.boolean(),
  emailRecipients: z.array(z.string()),
  emailSubject: z.string(),
  emailBody: z.string(),
  // Schedules saved before posting have neither.
  publishTargets: z.array(z.object({ accountId: z.string(), privacy: z.string().optional() })).default([]),
  publishCaption: z.string().default(''),
  // Schedules saved before languages read English.
  language: storedLanguageSchema,
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRun: lastRunSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<StoredSchedule>;

const runSchema = z.object({
  userId: z.string(),
  scheduleId: z.string(),
  period: z.string(),
  runId: z.string(),
  test: z.boolean(),
  status: z.enum(runStatuses),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  scriptId: z.string().nullable(),
  scriptTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  shareUrl: z.string().nullable(),
  error: z.string().nullable(),
  recipients: z.array(z.string()),
  emailSubject: z.string(),
  emailBody: z.string(),
}) satisfies z.ZodType<AutomationRun>;

/** Runs expire a year after they are written (the attribute is not read from the record). */
const runExpiry = { expiresAt: { uses: [] as const, build: () => Math.floor(Date.now() / 1000) + runKeepSeconds } };

export const videoTemplateEntity = defineEntity<StoredVideoTemplate>({
  type: 'VideoTemplate',
  schema: storedTemplateSchema,
  ...ownedById(workflowKeys.template),
  export: { file: 'video-templates.json' },
});

export const scheduleEntity = defineEntity<StoredSchedule>({
  type: 'AutomationSchedule',
  schema: storedScheduleSchema,
  ...ownedById(workflowKeys.schedule),
  export: { file: 'automation-schedules.json' },
});

export const automationRunEntity = defineEntity<AutomationRun>({
  type: 'AutomationRun',
  schema: runSchema,
  sortKeyPrefix: 'AUTORUN#',
  pk: ownerPk,
  sk: { uses: ['scheduleId', 'period'], build: (r) => workflowKeys.run(r.scheduleId, r.period) },
  derived: runExpiry,
  owner: 'user',
});

const runOfScriptSchema = z.object({ userId: z.string(), scriptId: z.string(), scheduleId: z.string(), period: z.string() });

/** Which run wrote a script (read when its video completes). */
export const runOfScriptEntity = defineEntity<z.infer<typeof runOfScriptSchema>>({
  type: 'AutomationScript',
  schema: runOfScriptSchema,
  sortKeyPrefix: 'AUTOSCRIPT#',
  pk: ownerPk,
  sk: { uses: ['scriptId'], build: (r) => workflowKeys.runOfScript(r.scriptId) },
  derived: runExpiry,
  owner: 'user',
});

/** Get and newest-first listing of one record type under `USER#<id>`, and its items for a write. */
class OwnedRecords<T extends { id: string; userId: string }> {
  constructor(
    protected readonly table: TableRef,
    private readonly entity: Entity<T, never>,
  ) {}

  protected key(userId: string, id: string) {
    return this.entity.key({ userId, id } as Partial<T>);
  }

  protected item(record: T): Record<string, unknown> {
    return this.entity.item(record);
  }

  /** The record's put, on the condition given (`where.itemAbsent()` for a new one). */
  protected putItem(record: T, condition: Condition): TransactItem {
    return this.entity.putItem(this.table, record, condition);
  }

  protected deleteItem(userId: string, id: string, condition: Condition): TransactItem {
    return this.entity.deleteItem(this.table, { userId, id } as Partial<T>, condition);
  }

  async get(userId: string, id: string): Promise<T | undefined> {
    return this.entity.get(this.table, { userId, id } as Partial<T>, { consistent: true });
  }

  async list(userId: string, limit: number): Promise<T[]> {
    return (await this.entity.page(this.table, 'partition', { userId } as Partial<T>, { limit, newestFirst: true })).items;
  }
}

const created = where.itemAbsent();
const existing = where.itemExists();

/** Video templates: `USER#<id>` / `VTEMPLATE#<ulid>`, counted by `COUNT#VTEMPLATES` (plan-counter.ts). */
export class DynamoVideoTemplates extends OwnedRecords<StoredVideoTemplate> implements VideoTemplateRepository {
  private readonly counter: PlanCounter;

  constructor(table: TableRef) {
    super(table, videoTemplateEntity);
    this.counter = new PlanCounter(table, workflowKeys.templateCount, countUnder(table, workflowKeys.templatePrefix));
  }

  async create(template: StoredVideoTemplate, limit: number): Promise<boolean> {
    const outcome = await this.counter.change(template.userId, [this.putItem(template, created)], 1, limit);
    if (outcome === 'record') throw new Error(`template ${template.id} exists`);
    return outcome === 'written';
  }

  async replace(template: StoredVideoTemplate): Promise<boolean> {
    return conditionHeld(videoTemplateEntity.put(this.table, template, existing));
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return (await this.counter.change(userId, [this.deleteItem(userId, id, existing)], -1)) === 'written';
  }
}

/**
 * Automation schedules: `USER#<id>` / `AUTOSCHED#<ulid>`. The active ones are counted by
 * `COUNT#ACTIVE_AUTOSCHED`: a write that changes `isActive` is conditioned on the value it read and
 * steps the counter in the same transaction (read again and retried if another write changed it first).
 */
export class DynamoAutomationSchedules extends OwnedRecords<StoredSchedule> implements AutomationScheduleRepository {
  private readonly active: PlanCounter;

  constructor(private readonly ref: TableRef) {
    super(ref, scheduleEntity);
    this.active = new PlanCounter(ref, workflowKeys.activeScheduleCount, countUnder(ref, workflowKeys.schedulePrefix, { attribute: 'isActive', equals: true }));
  }

  async create(schedule: StoredSchedule, activeLimit: number): Promise<boolean> {
    if (!schedule.isActive) {
      await transactWrite(this.ref, [this.putItem(schedule, created)]);
      return true;
    }
    const outcome = await this.active.change(schedule.userId, [this.putItem(schedule, created)], 1, activeLimit);
    if (outcome === 'record') throw new Error(`schedule ${schedule.id} exists`);
    return outcome === 'written';
  }

  /** The stored `isActive`, undefined when the schedule is gone. */
  private async activeNow(userId: string, id: string): Promise<boolean | undefined> {
    const item = await getItem(this.ref, this.key(userId, id), { consistent: true, attributes: ['isActive'] });
    return item === undefined ? undefined : item.isActive === true;
  }

  /** Writes the record (conditioned on the schedule being as active as `was`), stepping the counter by `delta`. */
  private async write(userId: string, was: boolean, delta: -1 | 0 | 1, record: (condition: Condition) => TransactItem, activeLimit: number) {
    const condition = where.and(where.itemExists(), where.eq('isActive', was));
    if (delta === 0) {
      try {
        await transactWrite(this.ref, [record(condition)]);
        return 'written';
      } catch (error) {
        if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return 'record';
        throw error;
      }
    }
    return this.active.change(userId, [record(condition)], delta, activeLimit);
  }

  async replace(schedule: StoredSchedule, activeLimit: number): Promise<'saved' | 'missing' | 'limit'> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const was = await this.activeNow(schedule.userId, schedule.id);
      if (was === undefined) return 'missing';
      const delta = schedule.isActive === was ? 0 : schedule.isActive ? 1 : -1;
      const outcome = await this.write(schedule.userId, was, delta, (condition) => this.putItem(schedule, condition), activeLimit);
      if (outcome === 'written') return 'saved';
      if (outcome === 'limit') return 'limit';
    }
    throw new Error(`schedule ${schedule.id} kept changing; try again`);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const was = await this.activeNow(userId, id);
      if (was === undefined) return false;
      if ((await this.write(userId, was, was ? -1 : 0, (condition) => this.deleteItem(userId, id, condition), Number.POSITIVE_INFINITY)) === 'written')
        return true;
    }
    throw new Error(`schedule ${id} kept changing; try again`);
  }

  async recordRun(userId: string, id: string, fields: Parameters<AutomationScheduleRepository['recordRun']>[2]): Promise<void> {
    // lastRunAt and nextRunAt only when given.
    const set = { lastRun: fields.lastRun, lastRunAt: fields.lastRunAt, nextRunAt: fields.nextRunAt };
    await unlessConditionFails(scheduleEntity.update(this.ref, { userId, id }, { set, condition: where.itemExists() }));
  }
}

/** Runs: `USER#<id>` / `AUTORUN#<scheduleId>#<period>` (claimed with a conditional put), and `AUTOSCRIPT#<scriptId>` pointing at one. */
export class DynamoAutomationRuns implements AutomationRunStore {
  constructor(private readonly table: TableRef) {}

  async claim(run: AutomationRun): Promise<boolean> {
    return conditionHeld(automationRunEntity.putNew(this.table, run));
  }

  async get(userId: string, scheduleId: string, period: string): Promise<AutomationRun | undefined> {
    return automationRunEntity.get(this.table, { userId, scheduleId, period }, { consistent: true });
  }

  async update(userId: string, scheduleId: string, period: string, changes: AutomationRunChanges): Promise<void> {
    if (Object.values(changes).every((value) => value === undefined)) return;
    await automationRunEntity.update(this.table, { userId, scheduleId, period }, { set: changes, condition: where.itemExists() });
  }

  async linkScript(userId: string, scriptId: string, run: { scheduleId: string; period: string }): Promise<void> {
    await runOfScriptEntity.put(this.table, { userId, scriptId, scheduleId: run.scheduleId, period: run.period });
  }

  async runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined> {
    const link = await getItem(this.table, runOfScriptEntity.key({ userId, scriptId }), { consistent: true });
    const parsed = z.object({ scheduleId: z.string(), period: z.string() }).safeParse(link);
    return parsed.success ? this.get(userId, parsed.data.scheduleId, parsed.data.period) : undefined;
  }
}
