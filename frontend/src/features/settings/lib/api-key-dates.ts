/** How Settings → API keys says a key's times: a date, or how long ago for the last use. */
const dateFormat: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

export function keyDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, dateFormat);
}

export function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** The end of a chosen day (`YYYY-MM-DD`) in the browser's time zone, as the ISO time the server takes. */
export function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, 23, 59, 59).toISOString();
}

/** `YYYY-MM-DD` of a date `days` from today, in the browser's time zone (the date input's bounds). */
export function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
