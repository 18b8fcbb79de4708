import { weekDays, weeklyEmailTimePattern } from '../../contract/delivery';

/**
 * The weekly script email's time as a five-field cron (minute hour * * day-of-week, 0 = Sunday), read
 * in the user's time zone by the scheduler: `monday` + `9:00 AM` → `0 9 * * 1`.
 */
export function weeklyCron(day: string, time: string): string {
  const match = weeklyEmailTimePattern.exec(time) ?? weeklyEmailTimePattern.exec('9:00 AM');
  const [, hours = '9', minutes = '00', half = 'AM'] = match ?? [];
  const hour = (Number(hours) % 12) + (half === 'PM' ? 12 : 0);
  const index = (weekDays as readonly string[]).indexOf(day);
  const dayOfWeek = ((index < 0 ? 0 : index) + 1) % 7;
  return `${Number(minutes)} ${hour} * * ${dayOfWeek}`;
}
