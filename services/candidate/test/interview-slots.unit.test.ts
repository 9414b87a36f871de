import { describe, expect, it } from 'vitest';
import { instantOf, openSlots, type SlotRules } from '../src/modules/interviews/slots';

/** Slots across daylight-saving changes (issue 28 item 4, docs/decisions/0431). */
const iso = (t: number) => new Date(t).toISOString();
const wall = (t: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);

function rules(timeZone: string, weekly: SlotRules['weekly'], slotMinutes = 60, bufferMinutes = 0): SlotRules {
  return { timeZone, slotMinutes, bufferMinutes, weekly, exceptions: [] };
}
const everyDay = (from: string, to: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from, to }));
const day = (date: string, timeZone: string, r: SlotRules) =>
  openSlots(r, { from: instantOf(date, 0, timeZone), to: instantOf(date, 24 * 60, timeZone) });

describe('interview slots across daylight-saving changes', () => {
  it('London, last Sunday of March 2027: 09:00 stays 09:00 on the wall (08:00 UTC), and the short night has no 01:00', () => {
    const london = rules('Europe/London', everyDay('09:00', '11:00'));
    expect(day('2027-03-27', 'Europe/London', london).map((s) => iso(s.start))).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-27T10:00:00.000Z',
    ]);
    const sunday = day('2027-03-28', 'Europe/London', london);
    expect(sunday.map((s) => iso(s.start))).toEqual(['2027-03-28T08:00:00.000Z', '2027-03-28T09:00:00.000Z']);
    expect(sunday.map((s) => wall(s.start, 'Europe/London'))).toEqual(['09:00', '10:00']);
    // 00:00-04:00 on the wall is three hours that night: 00:00 GMT, 02:00 and 03:00 BST.
    const night = day('2027-03-28', 'Europe/London', rules('Europe/London', everyDay('00:00', '04:00')));
    expect(night.map((s) => iso(s.start))).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T01:00:00.000Z',
      '2027-03-28T02:00:00.000Z',
    ]);
    expect(night.map((s) => wall(s.start, 'Europe/London'))).toEqual(['00:00', '02:00', '03:00']);
  });

  it('London, last Sunday of October 2027: 09:00 is 09:00 UTC again, and the long night holds five hours', () => {
    const london = rules('Europe/London', everyDay('09:00', '10:00'));
    expect(day('2027-10-30', 'Europe/London', london).map((s) => iso(s.start))).toEqual(['2027-10-30T08:00:00.000Z']);
    expect(day('2027-10-31', 'Europe/London', london).map((s) => iso(s.start))).toEqual(['2027-10-31T09:00:00.000Z']);
    const night = day('2027-10-31', 'Europe/London', rules('Europe/London', everyDay('00:00', '04:00')));
    expect(night.map((s) => wall(s.start, 'Europe/London'))).toEqual(['00:00', '01:00', '01:00', '02:00', '03:00']);
    // The first 01:00 is BST (00:00 UTC), the second GMT (01:00 UTC): distinct instants, none lost.
    expect(night.map((s) => iso(s.start))).toEqual([
      '2027-10-30T23:00:00.000Z',
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T01:00:00.000Z',
      '2027-10-31T02:00:00.000Z',
      '2027-10-31T03:00:00.000Z',
    ]);
  });

  it('New York, second Sunday of March and first of November 2027, as a London candidate reads them', () => {
    const ny = rules('America/New_York', everyDay('09:00', '10:00'));
    const before = day('2027-03-13', 'America/New_York', ny)[0]!.start;
    const after = day('2027-03-14', 'America/New_York', ny)[0]!.start;
    expect([iso(before), iso(after)]).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z']);
    // Between the US change and the UK one the two clocks are four hours apart, not five.
    expect([wall(before, 'Europe/London'), wall(after, 'Europe/London')]).toEqual(['14:00', '13:00']);
    expect(wall(after, 'America/New_York')).toBe('09:00');
    const autumn = [
      day('2027-11-06', 'America/New_York', ny)[0]!.start,
      day('2027-11-07', 'America/New_York', ny)[0]!.start,
    ];
    expect(autumn.map(iso)).toEqual(['2027-11-06T13:00:00.000Z', '2027-11-07T14:00:00.000Z']);
    // The night of the change: 01:00 happens twice; 02:00 once.
    const night = day('2027-11-07', 'America/New_York', rules('America/New_York', everyDay('00:00', '03:00')));
    expect(night.map((s) => wall(s.start, 'America/New_York'))).toEqual(['00:00', '01:00', '01:00', '02:00']);
  });

  it('steps by slot and buffer, keeps the buffer clear of booked times, and an exception replaces the weekly hours', () => {
    const r: SlotRules = {
      ...rules('Europe/London', [{ day: 1, from: '09:00', to: '12:00' }], 45, 15),
      exceptions: [{ date: '2027-01-11', ranges: [] }],
    };
    const monday = (date: string, busy: { start: number; end: number }[] = []) =>
      openSlots(r, { from: instantOf(date, 0, 'Europe/London'), to: instantOf(date, 1440, 'Europe/London') }, busy).map(
        (s) => wall(s.start, 'Europe/London'),
      );
    expect(monday('2027-01-04')).toEqual(['09:00', '10:00', '11:00']);
    expect(monday('2027-01-11')).toEqual([]);
    const booked = { start: Date.parse('2027-01-04T10:00:00Z'), end: Date.parse('2027-01-04T10:45:00Z') };
    expect(monday('2027-01-04', [booked])).toEqual(['09:00', '11:00']);
  });

  it("skips the days off, single days and runs, in the interviewer's own calendar, over the hours of an exception too", () => {
    const r: SlotRules = {
      ...rules('Europe/London', everyDay('09:00', '11:00')),
      exceptions: [{ date: '2027-04-02', ranges: [{ from: '13:00', to: '14:00' }] }],
      datesOff: [
        { from: '2027-04-02', to: '2027-04-05', name: 'Easter' },
        { from: '2027-04-07', to: '2027-04-07' },
      ],
    };
    const week = openSlots(r, {
      from: instantOf('2027-04-01', 0, 'Europe/London'),
      to: instantOf('2027-04-09', 0, 'Europe/London'),
    });
    const days = [...new Set(week.map((s) => new Date(s.start).toISOString().slice(0, 10)))];
    expect(days).toEqual(['2027-04-01', '2027-04-06', '2027-04-08']);
    expect(week).toHaveLength(6);
    // The day is the interviewer's: Tokyo's 2 April starts on the 1st in UTC, and its slots are all gone.
    const tokyo: SlotRules = {
      ...rules('Asia/Tokyo', everyDay('00:00', '02:00')),
      datesOff: [{ from: '2027-04-02', to: '2027-04-02' }],
    };
    const around = openSlots(tokyo, {
      from: instantOf('2027-04-01', 0, 'Asia/Tokyo'),
      to: instantOf('2027-04-04', 0, 'Asia/Tokyo'),
    });
    expect(around.map((s) => iso(s.start))).toEqual([
      '2027-03-31T15:00:00.000Z',
      '2027-03-31T16:00:00.000Z',
      '2027-04-02T15:00:00.000Z',
      '2027-04-02T16:00:00.000Z',
    ]);
  });
});
