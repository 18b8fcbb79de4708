import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { RecurringSpec, ScheduledJob, Scheduler } from '../../core/ports/delivery';

export interface EventBridgeSchedulerOptions {
  groupName: string;
  /** The jobs function every schedule invokes with its job as input. */
  targetArn: string;
  /** The role EventBridge Scheduler assumes to invoke the target. */
  roleArn: string;
  /** Where a firing that still fails after the retries lands. */
  deadLetterArn: string;
}

/** EventBridge Scheduler replaces this in a target's input with the firing's scheduled time (ISO, UTC). */
export const scheduledTimePlaceholder = '<aws.scheduler.scheduled-time>';

const weekdayNames = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** `m h dom mon dow` → EventBridge's six fields `cron(m h dom mon dow year)`, where one of dom/dow must be `?`. */
export function eventBridgeCron(cron: string): string {
  const [minute = '0', hour = '0', dom = '*', month = '*', dow = '*'] = cron.trim().split(/\s+/);
  const day =
    dow === '*'
      ? '?'
      : dow
          .split(',')
          .map((value) => weekdayNames[Number(value) % 7] ?? value)
          .join(',');
  return `cron(${minute} ${hour} ${dow === '*' ? dom : '?'} ${month} ${day} *)`;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, to the second. */
export function eventBridgeAt(at: Date): string {
  return `at(${at.toISOString().slice(0, 19)})`;
}

/**
 * Time in the cloud: EventBridge Scheduler. A scheduled email is an `at()`
 * schedule that deletes itself after it fires; the weekly email a `cron()` in the user's time zone.
 * Each has a retry policy and a dead-letter queue; creating an existing name updates it.
 */
export class EventBridgeScheduler implements Scheduler {
  constructor(
    private readonly client: SchedulerClient,
    private readonly options: EventBridgeSchedulerOptions,
  ) {}

  private input(name: string, expression: string, timeZone: string, job: ScheduledJob, once: boolean): CreateScheduleCommandInput {
    return {
      Name: name,
      GroupName: this.options.groupName,
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: timeZone,
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: once ? 'DELETE' : 'NONE',
      Target: {
        Arn: this.options.targetArn,
        RoleArn: this.options.roleArn,
        Input: JSON.stringify(job.kind === 'automation-run' ? { ...job, scheduledAt: scheduledTimePlaceholder } : job),
        RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: this.options.deadLetterArn },
      },
    };
  }

  private async upsert(input: CreateScheduleCommandInput): Promise<void> {
    try {
      await this.client.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      await this.client.send(new UpdateScheduleCommand(input));
    }
  }

  scheduleOnce(name: string, at: Date, job: ScheduledJob): Promise<void> {
    return this.upsert(this.input(name, eventBridgeAt(at), 'UTC', job, true));
  }

  scheduleRecurring(name: string, spec: RecurringSpec, job: ScheduledJob): Promise<void> {
    return this.upsert(this.input(name, eventBridgeCron(spec.cron), spec.timeZone, job, false));
  }

  async cancel(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.options.groupName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
}
