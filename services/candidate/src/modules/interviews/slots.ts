import type { Availability } from '@careers/contracts/interviews';

/**
 * The open interview slots of an availability (docs/decisions/0431). Weekly hours and exceptions are wall-clock
 * times in the interviewer's IANA time zone; each day's ranges are turned into instants with the zone's
 * offset on that day (Intl, no table of our own), so a range keeps its wall-clock hours across a
 * daylight-saving change, and the slots are stepped in real minutes inside it: on the short day a range
 * 00:00–04:00 holds three hours, on the long day five.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
export function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour % 24, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a date has in a zone. A time that happens twice (the clocks go back)
 * answers the first; a time that does not happen (the clocks go forward) answers the instant the clocks
 * jumped to, so a range that starts in the gap starts when the day resumes.
 */
export function instantOf(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  const candidates = [offsetAt(guess - DAY, timeZone), offsetAt(guess, timeZone), offsetAt(guess + DAY, timeZone)]
    .map((offset) => guess - offset)
    .filter((t) => offsetAt(t, timeZone) === guess - t);
  if (candidates.length > 0) return Math.min(...candidates);
  // In the gap: the offset before the change maps it past the jump.
  return guess - offsetAt(guess - DAY, timeZone);
}

/** The zone's calendar date (YYYY-MM-DD) at an instant. */
export function dateIn(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Monday 1 … Sunday 7 of a calendar date. */
function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface Slot {
  start: number;
  end: number;
}

export type SlotRules = Pick<
  Availability,
  'timeZone' | 'slotMinutes' | 'bufferMinutes' | 'weekly' | 'exceptions' | 'datesOff'
>;

/** Whether a calendar date falls on one of the days off (each a single day or a run, both ends included). */
export function isDayOff(date: string, datesOff: SlotRules['datesOff']): boolean {
  return (datesOff ?? []).some((off) => off.from <= date && date <= off.to);
}

/**
 * The slots of an availability between two instants that start no earlier than `from`, end by `to`, and
 * keep the buffer clear of every busy interval (the interviewer's booked interviews). A day off (a date in
 * the interviewer's zone) has no slot, whatever its weekly hours or exception say (docs/decisions/0574).
 */
export function openSlots(rules: SlotRules, window: { from: number; to: number }, busy: Slot[] = []): Slot[] {
  const { timeZone } = rules;
  const length = rules.slotMinutes * MINUTE;
  const step = (rules.slotMinutes + rules.bufferMinutes) * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const exceptions = new Map(rules.exceptions.map((e) => [e.date, e.ranges]));
  const slots: Slot[] = [];
  const last = dateIn(window.to, timeZone);
  for (let date = dateIn(window.from, timeZone); date <= last; date = addDays(date, 1)) {
    if (isDayOff(date, rules.datesOff)) continue;
    const ranges = exceptions.get(date) ?? rules.weekly.filter((r) => r.day === weekday(date));
    for (const range of [...ranges].sort((a, b) => a.from.localeCompare(b.from))) {
      const rangeStart = instantOf(date, minutesOf(range.from), timeZone);
      const rangeEnd = instantOf(date, minutesOf(range.to), timeZone);
      for (let start = rangeStart; start + length <= rangeEnd; start += step) {
        const end = start + length;
        if (start < window.from || end > window.to) continue;
        if (busy.some((b) => start < b.end + buffer && b.start - buffer < end)) continue;
        if (slots.some((s) => s.start === start)) continue;
        slots.push({ start, end });
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}
