const NOT_A_DATE = '-';

/**
 * product.md §2: 'Last used on {date}', with '-' when createdOn is not a date. The date is shown in the reader's
 * time zone unless one is given (tests pin it).
 */
export function lastUsedOnText(createdOn: unknown, options: { locale?: string; timeZone?: string } = {}): string {
  return `Last used on ${formatCvDate(createdOn, options)}`;
}

export function formatCvDate(
  createdOn: unknown,
  { locale = 'en-GB', timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  if (typeof createdOn !== 'string' && !(createdOn instanceof Date)) return NOT_A_DATE;
  if (typeof createdOn === 'string' && createdOn.trim() === '') return NOT_A_DATE;
  const date = createdOn instanceof Date ? createdOn : new Date(createdOn);
  if (Number.isNaN(date.getTime())) return NOT_A_DATE;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * What the CV picker says under a CV (issue 12 item 8): 'Last used on {date}' only when the CV was really
 * used for an application (lastUsedOn); a CV never used says when it was uploaded instead of pretending.
 */
export function cvUseText(
  cv: { createdOn: unknown; lastUsedOn?: unknown },
  options: { locale?: string; timeZone?: string } = {},
): string {
  if (cv.lastUsedOn !== undefined && formatCvDate(cv.lastUsedOn, options) !== NOT_A_DATE)
    return lastUsedOnText(cv.lastUsedOn, options);
  return `Uploaded on ${formatCvDate(cv.createdOn, options)}`;
}

/** A file name with line-break chances after '_', '-', '.' and spaces, so a phone wraps it between parts, not mid-word. */
export function fileNameParts(name: string): string[] {
  return name.split(/(?<=[_\-. ])/);
}
