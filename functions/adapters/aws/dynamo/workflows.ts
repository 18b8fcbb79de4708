import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
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
import { keys, workflowKeys } from './keys';
import { isConditionFailure, queryPage, type TableRef } from './table';

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

/** Put, delete, get and newest-first listing of one record type under `USER#<id>`. */
class OwnedRecords<T extends { id: string; userId: string }> {
  constructor(
    private readonly table: TableRef,
    private readonly schema: z.ZodType<T>,
    private readonly sortKey: (id: string) => string,
    private readonly prefix: string,
    private readonly type: string,
  ) {}

  private key(userId: string, id: string) {
    return { pk: keys.user(userId), sk: this.sortKey(id) };
  }

  async create(record: T): Promise<void> {
    await this.table.client.send(
      new PutCommand({ TableName: this.table.tableName, Item: { ...this.key(record.userId, record.id), type: this.type, ...record }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  }

  async replace(record: T): Promise<boolean> {
    try {
      await this.table.client.send(
        new PutCommand({ TableName: this.table.tableName, Item: { ...this.key(record.userId, record.id), type: this.type, ...record }, ConditionExpression: 'attribute_exists(pk)' }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(userId: string, id: string): Promise<T | undefined> {
    const result = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: this.key(userId, id), ConsistentRead: true }));
    return result.Item ? this.schema.parse(result.Item) : undefined;
  }

  async list(userId: string, limit: number): Promise<T[]> {
    return (await queryPage(this.table, this.schema, { partitionKey: keys.user(userId), sortKeyPrefix: this.prefix, limit, newestFirst: true })).items;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.table.client.send(new DeleteCommand({ TableName: this.table.tableName, Key: this.key(userId, id), ReturnValues: 'ALL_OLD' }));
    return result.Attributes !== undefined;
  }

  async count(userId: string): Promise<number> {
    const result = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': this.prefix },
        Select: 'COUNT',
      }),
    );
    return result.Count ?? 0;
  }
}

/** Video templates: `USER#<id>` / `VTEMPLATE#<ulid>`. */
export class DynamoVideoTemplates extends OwnedRecords<StoredVideoTemplate> implements VideoTemplateRepository {
  constructor(table: TableRef) {
    super(table, storedTemplateSchema, workflowKeys.template, workflowKeys.templatePrefix, 'VideoTemplate');
  }
}

/** Automation schedules: `USER#<id>` / `AUTOSCHED#<ulid>`. */
export class DynamoAutomationSchedules extends OwnedRecords<StoredSchedule> implements AutomationScheduleRepository {
  constructor(private readonly ref: TableRef) {
    super(ref, storedScheduleSchema, workflowKeys.schedule, workflowKeys.schedulePrefix, 'AutomationSchedule');
  }

  async recordRun(userId: string, id: string, fields: Parameters<AutomationScheduleRepository['recordRun']>[2]): Promise<void> {
    const names: Record<string, string> = { '#lastRun': 'lastRun' };
    const values: Record<string, unknown> = { ':lastRun': fields.lastRun };
    const sets = ['#lastRun = :lastRun'];
    if (fields.lastRunAt !== undefined) {
      names['#lastRunAt'] = 'lastRunAt';
      values[':lastRunAt'] = fields.lastRunAt;
      sets.push('#lastRunAt = :lastRunAt');
    }
    if (fields.nextRunAt !== undefined) {
      names['#nextRunAt'] = 'nextRunAt';
      values[':nextRunAt'] = fields.nextRunAt;
      sets.push('#nextRunAt = :nextRunAt');
    }
    try {
      await this.ref.client.send(
        new UpdateCommand({
          TableName: this.ref.tableName,
          Key: { pk: keys.user(userId), sk: workflowKeys.schedule(id) },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** Runs: `USER#<id>` / `AUTORUN#<scheduleId>#<period>` (claimed with a conditional put), and `AUTOSCRIPT#<scriptId>` pointing at one. */
export class DynamoAutomationRuns implements AutomationRunStore {
  constructor(private readonly table: TableRef) {}

  private expiresAt(): number {
    return Math.floor(Date.now() / 1000) + runKeepSeconds;
  }

  async claim(run: AutomationRun): Promise<boolean> {
    try {
      await this.table.client.send(
        new PutCommand({
          TableName: this.table.tableName,
          Item: { pk: keys.user(run.userId), sk: workflowKeys.run(run.scheduleId, run.period), type: 'AutomationRun', ...run, expiresAt: this.expiresAt() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(userId: string, scheduleId: string, period: string): Promise<AutomationRun | undefined> {
    const result = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: workflowKeys.run(scheduleId, period) }, ConsistentRead: true }),
    );
    return result.Item ? runSchema.parse(result.Item) : undefined;
  }

  async update(userId: string, scheduleId: string, period: string, changes: AutomationRunChanges): Promise<void> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    await this.table.client.send(
      new UpdateCommand({
        TableName: this.table.tableName,
        Key: { pk: keys.user(userId), sk: workflowKeys.run(scheduleId, period) },
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      }),
    );
  }

  async linkScript(userId: string, scriptId: string, run: { scheduleId: string; period: string }): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: { pk: keys.user(userId), sk: workflowKeys.runOfScript(scriptId), type: 'AutomationScript', scheduleId: run.scheduleId, period: run.period, expiresAt: this.expiresAt() },
      }),
    );
  }

  async runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined> {
    const link = await this.table.client.send(
      new GetCommand({ TableName: this.table.tableName, Key: { pk: keys.user(userId), sk: workflowKeys.runOfScript(scriptId) }, ConsistentRead: true }),
    );
    const parsed = z.object({ scheduleId: z.string(), period: z.string() }).safeParse(link.Item);
    return parsed.success ? this.get(userId, parsed.data.scheduleId, parsed.data.period) : undefined;
  }
}
