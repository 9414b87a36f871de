/**
 * An interview's times as both sides read them (issue 28 item 3): in the reader's own time zone, with the
 * interviewer's beside it. The service answers instants in UTC; the zones are IANA names.
 */

/** The reader's time zone, as the browser knows it. */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Tuesday 23 March 2027" in a zone. */
export function dayIn(instant: string, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(instant));
}

/** "09:00" in a zone. */
export function timeIn(instant: string, timeZone: string): string {
  return timeFormat(timeZone).format(new Date(instant));
}

/** "09:00–09:45" in a zone, with the day when it differs from `day` (a slot across midnight elsewhere). */
export function rangeIn(start: string, end: string, timeZone: string): string {
  return `${timeIn(start, timeZone)}–${timeIn(end, timeZone)}`;
}

/** A zone's name for people: "Europe/London" reads as "London". */
export function zoneName(timeZone: string): string {
  const city = timeZone.split('/').pop() ?? timeZone;
  return city.replace(/_/g, ' ');
}

/** Whether a time reads the same on both clocks (the same zone, or two zones at the same offset then). */
export function sameOnBothClocks(start: string, end: string, own: string, theirs: string): boolean {
  return dayIn(start, own) === dayIn(start, theirs) && rangeIn(start, end, own) === rangeIn(start, end, theirs);
}

/**
 * One slot as a sentence: "Tuesday 23 March 2027, 09:00–09:45 your time (London); 09:00–09:45 for the
 * interviewer (New York)". The other zone's day is named when it is another day there; a time both clocks
 * read alike is said once: "Tuesday 23 March 2027, 09:00–09:45 (London), your time and the interviewer's".
 */
export function slotInBothZones(start: string, end: string, own: string, theirs: string): string {
  if (sameOnBothClocks(start, end, own, theirs))
    return `${dayIn(start, own)}, ${rangeIn(start, end, own)} (${zoneName(own)}), your time and the interviewer's`;
  const mine = `${dayIn(start, own)}, ${rangeIn(start, end, own)} your time (${zoneName(own)})`;
  const otherDay = dayIn(start, theirs) !== dayIn(start, own) ? `${dayIn(start, theirs)}, ` : '';
  return `${mine}; ${otherDay}${rangeIn(start, end, theirs)} for the interviewer (${zoneName(theirs)})`;
}

/** Slots grouped by their day in the reader's zone, in order. */
export function slotsByDay<T extends { startsAt: string }>(
  slots: T[],
  timeZone: string,
): { day: string; slots: T[] }[] {
  const days: { day: string; slots: T[] }[] = [];
  for (const slot of slots) {
    const day = dayIn(slot.startsAt, timeZone);
    const last = days[days.length - 1];
    if (last && last.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}
