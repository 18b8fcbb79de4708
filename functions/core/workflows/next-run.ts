import { Cron } from 'croner';
import type { ScheduleFrequency } from '../../contract/rules/workflows';

/**
 * When an automation schedule runs ("if the chosen time today has passed, add 1 day, 7 days
 * or 1 month"), read in the schedule's IANA time zone. Pure: the clock is an argument.
 *
 * - daily: every day at `startTime`;
 * - weekly: on `dayOfWeek` (0 Sunday … 6 Saturday) at `startTime`;
 * - monthly: on `dayOfMonth` at `startTime`; a day the month does not have (29–31) runs on its last day.
 *
 * Daylight-saving changes (croner's zone arithmetic): a time that does not exist that day (02:30 when
 * clocks jump from 02:00 to 03:00) runs at the first minute after the jump; a time that happens twice
 * (01:30 when clocks fall back) runs once, at the first.
 *
 * The same rule drives the scheduler: `cronOf` is the five-field cron given to the Scheduler port (a
 * monthly 29th or 30th fires on the 28th–31st, and `isRunDay` lets only the right one through; the 31st
 * is cron's `L`, the last day, which EventBridge Scheduler and croner both read).
 */
export interface Recurrence {
  frequency: ScheduleFrequency;
  /** HH:MM, 24-hour. */
  startTime: string;
  timeZone: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
}

function hourMinute(startTime: string): { hour: number; minute: number } {
  const match = /^(\d{2}):(\d{2})$/.exec(startTime);
  if (!match) throw new Error(`not an HH:MM time: ${startTime}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** The five-field cron (minute hour day-of-month month day-of-week) the scheduler fires on. */
export function cronOf(recurrence: Recurrence): string {
  const { hour, minute } = hourMinute(recurrence.startTime);
  switch (recurrence.frequency) {
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${recurrence.dayOfWeek ?? 0}`;
    case 'monthly': {
      const day = recurrence.dayOfMonth ?? 1;
      if (day <= 28) return `${minute} ${hour} ${day} * *`;
      if (day === 31) return `${minute} ${hour} L * *`;
      return `${minute} ${hour} 28-31 * *`;
    }
  }
}

/** Year, month (1–12) and day of `at` in `timeZone`. */
export function dateIn(at: Date, timeZone: string): { year: number; month: number; day: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { year: Number(part('year')), month: Number(part('month')), day: Number(part('day')), weekday };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Whether a firing at `at` is a run of the schedule: always, except a monthly 29th/30th, whose cron fires
 * on the 28th–31st and runs only on the chosen day, or the month's last day when it is shorter.
 */
export function isRunDay(recurrence: Recurrence, at: Date): boolean {
  if (recurrence.frequency !== 'monthly') return true;
  const wanted = recurrence.dayOfMonth ?? 1;
  const { year, month, day } = dateIn(at, recurrence.timeZone);
  return day === Math.min(wanted, daysInMonth(year, month));
}

/** The first run strictly after `after`. */
export function nextRunAfter(recurrence: Recurrence, after: Date): Date {
  const cron = new Cron(cronOf(recurrence), { timezone: recurrence.timeZone, paused: true });
  let cursor = after;
  // At most four firings of 28–31 fall in one month; eight cover any month boundary.
  for (let i = 0; i < 8; i += 1) {
    const next = cron.nextRun(cursor);
    if (!next) break;
    if (isRunDay(recurrence, next)) return next;
    cursor = next;
  }
  throw new Error(`the schedule ${cronOf(recurrence)} in ${recurrence.timeZone} never runs`);
}

/**
 * Fills the day a weekly or monthly schedule left out with today's, in its zone (the product's (docs/product.md#workflows) rule reads
 * "today" when it adds 7 days or a month), and clears the one its frequency does not use.
 */
export function withDays<T extends Recurrence>(recurrence: T, now: Date): T {
  const today = dateIn(now, recurrence.timeZone);
  return {
    ...recurrence,
    dayOfWeek: recurrence.frequency === 'weekly' ? (recurrence.dayOfWeek ?? today.weekday) : null,
    dayOfMonth: recurrence.frequency === 'monthly' ? (recurrence.dayOfMonth ?? today.day) : null,
  };
}
