import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventBridgeAt, eventBridgeCron } from '../../functions/adapters/aws/eventbridge-scheduler';
import { InProcessScheduler } from '../../functions/adapters/local/in-process-scheduler';
import { weeklyCron } from '../../functions/core/delivery/weekly-schedule';
import { isoWeek } from '../../functions/core/delivery/weekly-scripts';
import type { ScheduledJob } from '../../functions/core/ports/delivery';

function clock(start: string) {
  let now = new Date(start).getTime();
  return { now: () => now, advance: (ms: number) => (now += ms), set: (iso: string) => (now = new Date(iso).getTime()) };
}

const email = (id: string): ScheduledJob => ({ kind: 'scheduled-email', userId: 'U1', scheduledEmailId: id });

describe('weekly email time', () => {
  it('turns the documented day and 12-hour time into a cron', () => {
    expect(weeklyCron('monday', '9:00 AM')).toBe('0 9 * * 1');
    expect(weeklyCron('sunday', '12:30 PM')).toBe('30 12 * * 0');
    expect(weeklyCron('friday', '12:00 AM')).toBe('0 0 * * 5');
    expect(weeklyCron('saturday', '11:45 PM')).toBe('45 23 * * 6');
  });

  it('writes EventBridge’s six-field cron and at()', () => {
    expect(eventBridgeCron('0 9 * * 1')).toBe('cron(0 9 ? * MON *)');
    expect(eventBridgeCron('30 12 * * 0')).toBe('cron(30 12 ? * SUN *)');
    expect(eventBridgeCron('15 6 1 * *')).toBe('cron(15 6 1 * ? *)');
    expect(eventBridgeAt(new Date('2026-12-01T08:30:15.250Z'))).toBe('at(2026-12-01T08:30:15)');
  });

  it('names the ISO week (the weekly email’s once-key)', () => {
    expect(isoWeek(new Date('2026-11-23T09:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T09:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2026-01-01T09:00:00Z'))).toBe('2026-W01');
  });
});

describe('the in-process scheduler', () => {
  it('fires a one-time schedule at its time, once, then forgets it', async () => {
    const time = clock('2026-11-23T10:00:00Z');
    const fired: ScheduledJob[] = [];
    const scheduler = new InProcessScheduler({ now: time.now, intervalMs: 0 });
    scheduler.start(async (job) => void fired.push(job));
    await scheduler.scheduleOnce('email-1', new Date('2026-11-23T10:05:00Z'), email('1'));
    expect(await scheduler.tick()).toBe(0);
    time.set('2026-11-23T10:05:00Z');
    expect(await scheduler.tick()).toBe(1);
    expect(await scheduler.tick()).toBe(0);
    expect(fired).toEqual([email('1')]);
    expect(scheduler.list()).toEqual([]);
  });

  it('replaces a schedule created again under its name, and never fires a cancelled one', async () => {
    const time = clock('2026-11-23T10:00:00Z');
    const fired: string[] = [];
    const scheduler = new InProcessScheduler({ now: time.now, intervalMs: 0 });
    scheduler.start(async (job) => void fired.push(job.kind === 'scheduled-email' ? job.scheduledEmailId : job.kind));
    await scheduler.scheduleOnce('email-1', new Date('2026-11-23T10:01:00Z'), email('first'));
    await scheduler.scheduleOnce('email-1', new Date('2026-11-23T10:02:00Z'), email('second'));
    await scheduler.scheduleOnce('email-2', new Date('2026-11-23T10:01:00Z'), email('cancelled'));
    await scheduler.cancel('email-2');
    time.set('2026-11-23T10:03:00Z');
    await scheduler.tick();
    expect(fired).toEqual(['second']);
  });

  it('fires a recurring schedule at its local time in its time zone, week after week', async () => {
    const time = clock('2026-11-23T12:00:00Z'); // a Monday, after 9:00 in Paris
    const fired: string[] = [];
    const scheduler = new InProcessScheduler({ now: time.now, intervalMs: 0 });
    scheduler.start(async (_job, at) => void fired.push(at.toISOString()));
    await scheduler.scheduleRecurring('weekly-U1', { cron: weeklyCron('monday', '9:00 AM'), timeZone: 'Europe/Paris' }, { kind: 'weekly-email', userId: 'U1' });
    expect(new Date(scheduler.list()[0]?.nextAt ?? 0).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    time.set('2026-11-30T08:00:00Z');
    await scheduler.tick();
    time.set('2026-12-07T08:00:30Z');
    await scheduler.tick();
    expect(fired).toEqual(['2026-11-30T08:00:00.000Z', '2026-12-07T08:00:00.000Z']);
    expect(new Date(scheduler.list()[0]?.nextAt ?? 0).toISOString()).toBe('2026-12-14T08:00:00.000Z');
  });

  it('keeps its schedules across a restart in its state file', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'scheduler-')), 'schedules.json');
    const time = clock('2026-11-23T10:00:00Z');
    const first = new InProcessScheduler({ now: time.now, intervalMs: 0, stateFile });
    await first.scheduleOnce('email-9', new Date('2026-11-23T11:00:00Z'), email('9'));
    const second = new InProcessScheduler({ now: time.now, intervalMs: 0, stateFile });
    expect(second.list().map((entry) => entry.name)).toEqual(['email-9']);
  });

  it('reports a failed firing and goes on', async () => {
    const time = clock('2026-11-23T10:00:00Z');
    const errors: unknown[] = [];
    const scheduler = new InProcessScheduler({ now: time.now, intervalMs: 0, onError: (error) => errors.push(error) });
    scheduler.start(async () => {
      throw new Error('boom');
    });
    await scheduler.scheduleOnce('email-1', new Date('2026-11-23T10:00:00Z'), email('1'));
    await scheduler.tick();
    expect(errors).toHaveLength(1);
  });
});
