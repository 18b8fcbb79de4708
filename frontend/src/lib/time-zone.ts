/** The browser's IANA time zone (e.g. `Europe/Berlin`), sent with schedules and email settings so they fire at the creator's hour. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
