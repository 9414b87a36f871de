const NOT_A_DATE = '-';

/**
 * SPEC §2: 'Last used on {date}', with '-' when createdOn is not a date. The date is shown in the reader's
 * time zone unless one is given (tests pin it).
 */
export function lastUsedOnText(createdOn: unknown, options: { locale?: string; timeZone?: string } = {}): string {
  return `Last used on ${formatCvDate(createdOn, options)}`;
}

export function formatCvDate(createdOn: unknown, { locale = 'en-GB', timeZone }: { locale?: string; timeZone?: string } = {}): string {
  if (typeof createdOn !== 'string' && !(createdOn instanceof Date)) return NOT_A_DATE;
  if (typeof createdOn === 'string' && createdOn.trim() === '') return NOT_A_DATE;
  const date = createdOn instanceof Date ? createdOn : new Date(createdOn);
  if (Number.isNaN(date.getTime())) return NOT_A_DATE;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
}
