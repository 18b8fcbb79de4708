/** Date and time inputs in the browser's time zone: their values and the instant they name together. */

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of `now` in the browser's time zone: a date input's value and its minimum (today). */
export function localDateValue(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `HH:MM` (24 h) of `at` in the browser's time zone: a time input's value. */
export function localTimeValue(at: Date): string {
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant a date input (`YYYY-MM-DD`) and a time input (`HH:MM`) name in the browser's time zone; undefined when either is incomplete. */
export function combineLocal(date: string, time: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})/.exec(time);
  if (!d || !t) return undefined;
  const at = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), 0, 0);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The browser's time zone as a reader sees it (`America/New York`), or `your`. */
export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone.replace(/_/g, ' ');
  } catch {
    return 'your';
  }
}
