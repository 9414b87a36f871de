/**
 * The portal's one date format (issue 12 item 13): '12 Mar 2026' on every page, whatever the browser's
 * language, the same as the CV picker's 'Last used on {date}'.
 */
const DATE_LOCALE = 'en-GB';
const DATE_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** A date for people ('12 Mar 2026'); '-' when the value is not a date. */
export function formatDate(value: string | null | undefined, locale: string = DATE_LOCALE): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, DATE_PARTS).format(date);
}

/**
 * A calendar day someone chose ('1 Jun 2027'), stored as an instant of that day in UTC (the end of it, for
 * "until"): read in UTC, so the reader's zone cannot turn the chosen day into the next (docs/decisions/0547).
 */
export function formatChosenDay(value: string | null | undefined, locale: string = DATE_LOCALE): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, { ...DATE_PARTS, timeZone: 'UTC' }).format(date);
}

/** A date and time for people ('12 Mar 2026, 14:05'); '-' when the value is not a date. */
export function formatDateTime(value: string | null | undefined, locale: string = DATE_LOCALE): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, { ...DATE_PARTS, hour: '2-digit', minute: '2-digit' }).format(date);
}

/** File sizes for people: '820 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}
