import { describe, expect, it } from 'vitest';
import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { EventBridgeScheduler, eventBridgeCron } from '../../functions/adapters/aws/eventbridge-scheduler';
import { InProcessScheduler } from '../../functions/adapters/local/in-process-scheduler';
import type { ScheduledJob } from '../../functions/core/ports/delivery';
import { executionNameOf, periodOf, scriptCaptionsOf, shownReasonOf } from '../../functions/core/workflows/automation-runner';
import { createScheduleSchema, createTemplateSchema, updateScheduleSchema, updateTemplateSchema } from '../../functions/contract/workflows';
import { scheduleBadge, splitRecipients } from '../../functions/contract/rules/workflows';
import { cronOf, isRunDay, nextRunAfter, withDays, type Recurrence } from '../../functions/core/workflows/next-run';

const daily = (startTime: string, timeZone: string): Recurrence => ({ frequency: 'daily', startTime, timeZone, dayOfWeek: null, dayOfMonth: null });
const iso = (date: Date) => date.toISOString();

describe('next run', () => {
  it('daily: today if the time has not passed, else tomorrow (UTC)', () => {
    expect(iso(nextRunAfter(daily('09:00', 'UTC'), new Date('2026-05-10T08:59:00Z')))).toBe('2026-05-10T09:00:00.000Z');
    expect(iso(nextRunAfter(daily('09:00', 'UTC'), new Date('2026-05-10T09:00:00Z')))).toBe('2026-05-11T09:00:00.000Z');
    expect(iso(nextRunAfter(daily('09:00', 'UTC'), new Date('2026-05-10T17:00:00Z')))).toBe('2026-05-11T09:00:00.000Z');
  });

  it('reads the start time in the schedule’s time zone', () => {
    // 09:00 in Tokyo (UTC+9, no DST) is 00:00 UTC; 09:00 in New York in May (EDT, UTC−4) is 13:00 UTC.
    expect(iso(nextRunAfter(daily('09:00', 'Asia/Tokyo'), new Date('2026-05-10T01:00:00Z')))).toBe('2026-05-11T00:00:00.000Z');
    expect(iso(nextRunAfter(daily('09:00', 'America/New_York'), new Date('2026-05-10T12:00:00Z')))).toBe('2026-05-10T13:00:00.000Z');
    // Kolkata is UTC+5:30.
    expect(iso(nextRunAfter(daily('09:00', 'Asia/Kolkata'), new Date('2026-05-10T00:00:00Z')))).toBe('2026-05-10T03:30:00.000Z');
    // Late in the evening in Los Angeles is the next UTC day.
    expect(iso(nextRunAfter(daily('23:30', 'America/Los_Angeles'), new Date('2026-05-10T12:00:00Z')))).toBe('2026-05-11T06:30:00.000Z');
  });

  it('keeps the wall-clock time across daylight-saving changes', () => {
    const paris = daily('09:00', 'Europe/Paris');
    // Europe springs forward on 29 March 2026: 09:00 is 08:00 UTC before, 07:00 UTC after.
    expect(iso(nextRunAfter(paris, new Date('2026-03-28T09:00:00Z')))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(nextRunAfter(paris, new Date('2026-03-28T07:00:00Z')))).toBe('2026-03-28T08:00:00.000Z');
    // And falls back on 25 October 2026.
    expect(iso(nextRunAfter(paris, new Date('2026-10-24T08:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
  });

  it('runs once on a day whose start time falls in the spring gap or the autumn overlap', () => {
    // New York: 8 March 2026 02:00 → 03:00. 02:30 does not exist: it runs at 03:00 EDT (07:00 UTC), once.
    const gap = daily('02:30', 'America/New_York');
    const first = nextRunAfter(gap, new Date('2026-03-07T12:00:00Z'));
    expect(iso(first)).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(nextRunAfter(gap, first))).toBe('2026-03-09T06:30:00.000Z');
    // 1 November 2026 01:00–02:00 happens twice: 01:30 runs at the first (EDT, 05:30 UTC) only.
    const overlap = daily('01:30', 'America/New_York');
    const once = nextRunAfter(overlap, new Date('2026-10-31T12:00:00Z'));
    expect(iso(once)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(nextRunAfter(overlap, once))).toBe('2026-11-02T06:30:00.000Z');
  });

  it('weekly: on the chosen weekday, this week if still ahead, else in 7 days', () => {
    const friday: Recurrence = { frequency: 'weekly', startTime: '07:30', timeZone: 'America/New_York', dayOfWeek: 5, dayOfMonth: null };
    // Wednesday 13 May 2026 → Friday 15 May 07:30 EDT.
    expect(iso(nextRunAfter(friday, new Date('2026-05-13T12:00:00Z')))).toBe('2026-05-15T11:30:00.000Z');
    // Friday after the time → next Friday.
    expect(iso(nextRunAfter(friday, new Date('2026-05-15T11:30:00Z')))).toBe('2026-05-22T11:30:00.000Z');
    // Sunday (0) in Sydney.
    const sunday: Recurrence = { frequency: 'weekly', startTime: '06:00', timeZone: 'Australia/Sydney', dayOfWeek: 0, dayOfMonth: null };
    expect(
      new Date(nextRunAfter(sunday, new Date('2026-05-13T00:00:00Z'))).toLocaleString('en-US', {
        timeZone: 'Australia/Sydney',
        weekday: 'long',
        hour: 'numeric',
        minute: '2-digit',
      }),
    ).toBe('Sunday 6:00 AM');
  });

  it('monthly: on the chosen day; a 31st, 30th or 29th the month lacks runs on its last day', () => {
    const monthly = (dayOfMonth: number, timeZone = 'UTC'): Recurrence => ({ frequency: 'monthly', startTime: '09:00', timeZone, dayOfWeek: null, dayOfMonth });
    expect(iso(nextRunAfter(monthly(15), new Date('2026-05-10T00:00:00Z')))).toBe('2026-05-15T09:00:00.000Z');
    expect(iso(nextRunAfter(monthly(15), new Date('2026-05-15T09:00:00Z')))).toBe('2026-06-15T09:00:00.000Z');
    const runs = (recurrence: Recurrence, from: string, count: number) => {
      const out: string[] = [];
      let at = new Date(from);
      for (let i = 0; i < count; i += 1) {
        at = nextRunAfter(recurrence, at);
        out.push(iso(at).slice(0, 10));
      }
      return out;
    };
    expect(runs(monthly(31), '2026-01-01T00:00:00Z', 5)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(runs(monthly(30), '2026-01-01T00:00:00Z', 4)).toEqual(['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30']);
    expect(runs(monthly(29), '2026-01-01T00:00:00Z', 3)).toEqual(['2026-01-29', '2026-02-28', '2026-03-29']);
    // A leap year has a 29th of February.
    expect(runs(monthly(30), '2028-02-01T00:00:00Z', 1)).toEqual(['2028-02-29']);
    expect(runs(monthly(29), '2028-02-01T00:00:00Z', 1)).toEqual(['2028-02-29']);
    // The last day in a zone ahead of UTC: 30 April 09:00 in Tokyo is 00:00 UTC the same day.
    expect(iso(nextRunAfter(monthly(31, 'Asia/Tokyo'), new Date('2026-04-15T00:00:00Z')))).toBe('2026-04-30T00:00:00.000Z');
  });

  it('gives the scheduler a cron per frequency, and lets only the right day of 28–31 through', () => {
    expect(cronOf(daily('09:05', 'UTC'))).toBe('5 9 * * *');
    expect(cronOf({ frequency: 'weekly', startTime: '18:00', timeZone: 'UTC', dayOfWeek: 3, dayOfMonth: null })).toBe('0 18 * * 3');
    expect(cronOf({ frequency: 'monthly', startTime: '09:00', timeZone: 'UTC', dayOfWeek: null, dayOfMonth: 12 })).toBe('0 9 12 * *');
    expect(cronOf({ frequency: 'monthly', startTime: '09:00', timeZone: 'UTC', dayOfWeek: null, dayOfMonth: 31 })).toBe('0 9 L * *');
    const thirtieth: Recurrence = { frequency: 'monthly', startTime: '09:00', timeZone: 'UTC', dayOfWeek: null, dayOfMonth: 30 };
    expect(cronOf(thirtieth)).toBe('0 9 28-31 * *');
    expect(isRunDay(thirtieth, new Date('2026-03-28T09:00:00Z'))).toBe(false);
    expect(isRunDay(thirtieth, new Date('2026-03-30T09:00:00Z'))).toBe(true);
    expect(isRunDay(thirtieth, new Date('2026-03-31T09:00:00Z'))).toBe(false);
    expect(isRunDay(thirtieth, new Date('2026-02-28T09:00:00Z'))).toBe(true);
  });

  it('fills a weekly or monthly schedule’s missing day with today’s, in its zone', () => {
    // 23:30 UTC on Sunday 10 May is Monday 11 May in Tokyo.
    const now = new Date('2026-05-10T23:30:00Z');
    expect(withDays({ frequency: 'weekly', startTime: '09:00', timeZone: 'Asia/Tokyo', dayOfWeek: null, dayOfMonth: 4 }, now)).toMatchObject({
      dayOfWeek: 1,
      dayOfMonth: null,
    });
    expect(withDays({ frequency: 'monthly', startTime: '09:00', timeZone: 'Asia/Tokyo', dayOfWeek: 2, dayOfMonth: null }, now)).toMatchObject({
      dayOfWeek: null,
      dayOfMonth: 11,
    });
    expect(withDays({ frequency: 'daily', startTime: '09:00', timeZone: 'UTC', dayOfWeek: 2, dayOfMonth: 3 }, now)).toMatchObject({
      dayOfWeek: null,
      dayOfMonth: null,
    });
  });
});

describe('EventBridge cron forms of automation schedules', () => {
  it('turns each five-field form into EventBridge’s six fields', () => {
    expect(eventBridgeCron('5 9 * * *')).toBe('cron(5 9 * * ? *)');
    expect(eventBridgeCron('0 18 * * 3')).toBe('cron(0 18 ? * WED *)');
    expect(eventBridgeCron('0 18 * * 0')).toBe('cron(0 18 ? * SUN *)');
    expect(eventBridgeCron('0 9 12 * *')).toBe('cron(0 9 12 * ? *)');
    expect(eventBridgeCron('0 9 L * *')).toBe('cron(0 9 L * ? *)');
    expect(eventBridgeCron('0 9 28-31 * *')).toBe('cron(0 9 28-31 * ? *)');
  });
});

describe('an automation run’s firing time', () => {
  it('reaches the job: the in-process scheduler passes each firing’s own scheduled time, after downtime only once', async () => {
    let now = Date.parse('2026-05-10T08:59:30Z');
    const scheduler = new InProcessScheduler({ now: () => now, intervalMs: 0 });
    const fired: ScheduledJob[] = [];
    scheduler.start(async (job) => {
      fired.push(job);
    });
    await scheduler.scheduleRecurring('automation-S1', { cron: '0 9 * * *', timeZone: 'UTC' }, { kind: 'automation-run', userId: 'U1', scheduleId: 'S1' });
    now = Date.parse('2026-05-10T09:00:05Z');
    await scheduler.tick();
    // Three days down: one firing, not three.
    now = Date.parse('2026-05-13T12:00:00Z');
    await scheduler.tick();
    await scheduler.tick();
    expect(fired).toEqual([
      { kind: 'automation-run', userId: 'U1', scheduleId: 'S1', scheduledAt: '2026-05-10T09:00:00.000Z' },
      { kind: 'automation-run', userId: 'U1', scheduleId: 'S1', scheduledAt: '2026-05-11T09:00:00.000Z' },
    ]);
    expect(periodOf(new Date('2026-05-10T09:00:41.250Z'))).toBe('2026-05-10T09:00Z');
    scheduler.stop();
  });

  it('asks EventBridge to put the scheduled time in the job', async () => {
    const sent: unknown[] = [];
    const client = { send: async (command: { input: unknown }) => void sent.push(command.input) } as unknown as SchedulerClient;
    const scheduler = new EventBridgeScheduler(client, { groupName: 'g', targetArn: 'arn:t', roleArn: 'arn:r', deadLetterArn: 'arn:d' });
    await scheduler.scheduleRecurring(
      'automation-S1',
      { cron: '30 7 L * *', timeZone: 'America/New_York' },
      { kind: 'automation-run', userId: 'U1', scheduleId: 'S1' },
    );
    expect(sent[0]).toMatchObject({
      Name: 'automation-S1',
      ScheduleExpression: 'cron(30 7 L * ? *)',
      ScheduleExpressionTimezone: 'America/New_York',
      FlexibleTimeWindow: { Mode: 'OFF' },
    });
    const input = JSON.parse((sent[0] as { Target: { Input: string } }).Target.Input) as unknown;
    expect(input).toEqual({ kind: 'automation-run', userId: 'U1', scheduleId: 'S1', scheduledAt: '<aws.scheduler.scheduled-time>' });
  });

  it('maps a template’s captions to a script’s, held to the script’s ranges', () => {
    const captions = scriptCaptionsOf({
      captionSettings: createTemplateSchema.parse({
        name: 'n',
        topic: 't',
        subjectCategory: 'c',
        captionSettings: { fontSize: 120, maxWordsPerLine: 10, shadowOffset: 20, allCaps: true },
      }).captionSettings,
      backgroundAudioId: 'A1',
      backgroundAudioVolume: 20,
    });
    expect(captions).toMatchObject({
      font_size: 100,
      max_words_per_line: 6,
      shadow_offset: 10,
      outline_width: 3,
      word_color: '#00b3ff',
      all_caps: true,
      background_audio_id: 'A1',
      background_audio_volume: 20,
      enabled: true,
    });
    const off = scriptCaptionsOf({
      captionSettings: createTemplateSchema.parse({ name: 'n', topic: 't', subjectCategory: 'c', captionSettings: { enabled: false } }).captionSettings,
      backgroundAudioId: null,
      backgroundAudioVolume: 20,
    });
    expect(off.enabled).toBe(false);
  });

  it('carries a template’s motion and transition to the script, and refuses an unknown transition', () => {
    const parsed = createTemplateSchema.parse({ name: 'n', topic: 't', subjectCategory: 'c', captionSettings: { motion: false, transition: 'crossfade' } });
    expect(scriptCaptionsOf({ captionSettings: parsed.captionSettings, backgroundAudioId: null, backgroundAudioVolume: 20 })).toMatchObject({
      motion: false,
      transition: 'crossfade',
    });
    const bad = createTemplateSchema.safeParse({ name: 'n', topic: 't', subjectCategory: 'c', captionSettings: { transition: 'wipe' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('transition must be one of: cut, zoom, crossfade');
  });
});

describe('workflow request validation', () => {
  const missingTemplate = 'Please provide template name, topic, subject category, and duration.';
  const missingSchedule = 'Please provide a schedule name and select a template.';
  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

  it('fills a template’s defaults from the documented form', () => {
    const parsed = createTemplateSchema.parse({ name: 'Daily tip', topic: 'Focus', subjectCategory: 'Teacher' });
    expect(parsed).toMatchObject({
      duration: '60 sec',
      backgroundAudioVolume: 20,
      isActive: true,
      mediaAssignments: { folderId: null, assetIds: [] },
      description: null,
      scriptContent: null,
    });
    expect(parsed.captionSettings).toEqual({
      enabled: true,
      style: 'highlight',
      position: 'middle_center',
      // The phone-ready readings (the product's (docs/product.md#workflows) form said 60, 5 words, no capitals: about 35 % of the width).
      fontSize: 68,
      fontFamily: 'The Bold Font',
      lineColor: '#FFFFFF',
      wordColor: '#00b3ff',
      maxWordsPerLine: 3,
      outlineWidth: 3,
      shadowOffset: 4,
      bold: true,
      italic: false,
      underline: false,
      allCaps: true,
      look: null,
      // The shots' motion, as a script's settings default it.
      motion: true,
      transition: 'cut',
    });
  });

  it('says the documented message when a template lacks name, topic, subject category or duration', () => {
    for (const body of [
      {},
      { name: ' ', topic: 't', subjectCategory: 'c' },
      { name: 'n', subjectCategory: 'c' },
      { name: 'n', topic: 't' },
      { name: 'n', topic: 't', subjectCategory: 'c', duration: '90 sec' },
    ]) {
      const result = createTemplateSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(messagesOf(result)).toContain(missingTemplate);
    }
    expect(updateTemplateSchema.safeParse({ name: '' }).success).toBe(false);
  });

  it('holds the template’s sliders to the documented ranges and steps', () => {
    const base = { name: 'n', topic: 't', subjectCategory: 'c' };
    const ok = (captionSettings: object) => createTemplateSchema.safeParse({ ...base, captionSettings }).success;
    expect(ok({ fontSize: 120, maxWordsPerLine: 10, outlineWidth: 0, shadowOffset: 20 })).toBe(true);
    expect(ok({ fontSize: 20 })).toBe(true);
    expect(ok({ fontSize: 61 })).toBe(false);
    expect(ok({ fontSize: 122 })).toBe(false);
    expect(ok({ maxWordsPerLine: 11 })).toBe(false);
    expect(ok({ shadowOffset: 21 })).toBe(false);
    expect(ok({ outlineWidth: 11 })).toBe(false);
    expect(ok({ style: 'comic' })).toBe(false);
    expect(ok({ lineColor: 'white' })).toBe(false);
    expect(ok({ unknown: true })).toBe(false);
    expect(createTemplateSchema.safeParse({ ...base, backgroundAudioVolume: 101 }).success).toBe(false);
    expect(createTemplateSchema.safeParse({ ...base, mediaAssignments: { assetIds: Array.from({ length: 51 }, (_, i) => `A${i}`) } }).success).toBe(false);
  });

  it('reads a schedule with the documented defaults, recipients from a comma-separated list', () => {
    const parsed = createScheduleSchema.parse({ name: 'Mornings', templateId: '01abc', emailRecipients: 'A@Example.com, b@example.org,, a@example.com' });
    expect(parsed).toMatchObject({
      templateId: '01ABC',
      frequency: 'daily',
      startTime: '09:00',
      timeZone: 'UTC',
      isActive: true,
      emailRecipients: ['a@example.com', 'b@example.org'],
      emailSubject: 'Your automated video is ready!',
      emailBody: 'Your scheduled video has been generated and is ready for viewing.',
      dayOfWeek: null,
      dayOfMonth: null,
    });
    expect(splitRecipients(' a@x.io ;b@y.io\nc@z.io, ')).toEqual(['a@x.io', 'b@y.io', 'c@z.io']);
  });

  it('refuses bad schedules with clear messages', () => {
    const base = { name: 'n', templateId: 'T' };
    const cases: [object, string][] = [
      [{}, missingSchedule],
      [{ name: 'n' }, missingSchedule],
      [{ templateId: 'T' }, missingSchedule],
      [{ ...base, startTime: '9:00' }, 'Start time must be HH:MM (24-hour)'],
      [{ ...base, startTime: '24:00' }, 'Start time must be HH:MM (24-hour)'],
      [{ ...base, frequency: 'weekly', dayOfWeek: 7 }, 'Day of week must be 0 (Sunday) to 6 (Saturday)'],
      [{ ...base, frequency: 'monthly', dayOfMonth: 0 }, 'Day of month must be 1 to 31'],
      [{ ...base, frequency: 'monthly', dayOfMonth: 32 }, 'Day of month must be 1 to 31'],
      [{ ...base, emailRecipients: 'a@example.com, not-an-address' }, 'Each recipient must be an email address'],
      [{ ...base, emailRecipients: ['ok@example.com', 'x'] }, 'Each recipient must be an email address'],
      [{ ...base, timeZone: 'Mars/Olympus' }, 'Unknown time zone'],
      [{ ...base, frequency: 'hourly' }, 'Frequency must be daily, weekly or monthly'],
    ];
    for (const [body, message] of cases) {
      const result = createScheduleSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(messagesOf(result), JSON.stringify(body)).toContain(message);
    }
    const many = Array.from({ length: 26 }, (_, i) => `r${i}@example.com`).join(',');
    expect(createScheduleSchema.safeParse({ ...base, emailRecipients: many }).success).toBe(false);
    expect(updateScheduleSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(updateScheduleSchema.safeParse({ nope: 1 }).success).toBe(false);
  });

  it('shows the documented badge', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(scheduleBadge({ isActive: false, nextRunAt: '2026-05-09T00:00:00Z' }, now)).toBe('Inactive');
    expect(scheduleBadge({ isActive: true, nextRunAt: '2026-05-09T00:00:00Z' }, now)).toBe('Overdue');
    expect(scheduleBadge({ isActive: true, nextRunAt: '2026-05-11T00:00:00Z' }, now)).toBe('Active');
  });
});

describe('an automation run as a state machine execution', () => {
  it('is named by its schedule and period, within Step Functions’ 80 characters of [A-Za-z0-9_-]', () => {
    const name = executionNameOf('01JD5Z6Y7X8W9V0U1T2S3R4Q5P', periodOf(new Date('2026-05-10T09:00:41Z')));
    expect(name).toBe('01JD5Z6Y7X8W9V0U1T2S3R4Q5P--2026-05-10T09-00Z');
    expect(name).toMatch(/^[\w-]{1,80}$/);
    expect(executionNameOf('s', `TEST-${'x'.repeat(100)}`)).toHaveLength(80);
  });

  it('says a task’s reason only when it is meant for the user (a plan limit, a missing template)', () => {
    const limit = { Error: 'LimitExceededError', Cause: JSON.stringify({ errorType: 'LimitExceededError', errorMessage: 'Script token limit reached' }) };
    expect(shownReasonOf(limit)).toBe('Script token limit reached');
    expect(shownReasonOf({ Error: 'NotFoundError', Cause: 'The template of this schedule was deleted.' })).toBe('The template of this schedule was deleted.');
    expect(shownReasonOf({ Error: 'Error', Cause: 'connect ECONNREFUSED 10.0.0.1:443' })).toBeUndefined();
    expect(shownReasonOf({ Error: 'States.TaskFailed', Cause: '{}' })).toBeUndefined();
    expect(shownReasonOf(undefined)).toBeUndefined();
  });
});
