import type { ShareLink } from '@contract/delivery';
import { localDateValue, localTimeValue } from '../../../lib/local-time';

/**
 * A video's delivery rules (Schedule Email Notification, share links), pure so
 * the unit tests can hold them: the dialog's local date and time, the success toast's text, quick picks,
 * and which share links are still live.
 */

export const MISSING_SCHEDULE_TITLE = 'Missing Information';
export const MISSING_SCHEDULE_TEXT = 'Please select both date and time for scheduling';

export { combineLocal, localDateValue, localTimeValue } from '../../../lib/local-time';
/** The success toast: `Email will be sent on {date} at {time}` in the user's locale. */
export function scheduledToastText(at: Date, locale?: string): string {
  return `Email will be sent on ${at.toLocaleDateString(locale)} at ${at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`;
}

export interface QuickPick {
  label: string;
  date: string;
  time: string;
}

/** A few one-tap times: in an hour (rounded up to the quarter), this evening at 6 PM (while ahead), tomorrow at 9 AM, next Monday at 9 AM. */
export function quickPicks(now: Date): QuickPick[] {
  const picks: QuickPick[] = [];
  const inAnHour = new Date(now.getTime() + 60 * 60_000);
  inAnHour.setMinutes(Math.ceil(inAnHour.getMinutes() / 15) * 15, 0, 0);
  picks.push({ label: 'In 1 hour', date: localDateValue(inAnHour), time: localTimeValue(inAnHour) });

  const evening = new Date(now);
  evening.setHours(18, 0, 0, 0);
  if (evening.getTime() - now.getTime() > 30 * 60_000) picks.push({ label: 'This evening', date: localDateValue(evening), time: '18:00' });

  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  picks.push({ label: 'Tomorrow 9 AM', date: localDateValue(tomorrow), time: '09:00' });

  const monday = new Date(now);
  monday.setDate(monday.getDate() + ((8 - monday.getDay()) % 7 || 7));
  picks.push({ label: 'Monday 9 AM', date: localDateValue(monday), time: '09:00' });
  return picks;
}

/** Links a recipient can still open: not revoked, not expired. */
export function liveShareLinks(links: readonly ShareLink[], now: Date): ShareLink[] {
  return links.filter((link) => !link.revokedAt && new Date(link.expiresAt).getTime() > now.getTime());
}

/** `expires in 6 days` / `expires tomorrow` for a link's line. */
export function expiresText(expiresAt: string, now: Date, locale?: string): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (!Number.isFinite(ms)) return '';
  if (ms <= 0) return 'Expired';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const hours = ms / 3_600_000;
  if (hours < 1) return `Expires ${format.format(Math.max(1, Math.round(ms / 60_000)), 'minute')}`;
  if (hours < 36) return `Expires ${format.format(Math.round(hours), 'hour')}`;
  return `Expires ${format.format(Math.round(hours / 24), 'day')}`;
}
