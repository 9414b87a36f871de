import { describe, expect, it } from 'vitest';
import { formatCvDate, lastUsedOnText } from './last-used-on';

describe("'Last used on {date}'", () => {
  it('formats a date', () => {
    expect(lastUsedOnText('2026-03-05T23:30:00.000Z', { timeZone: 'UTC' })).toBe('Last used on 5 Mar 2026');
    expect(lastUsedOnText(new Date('2025-12-31T12:00:00Z'), { timeZone: 'UTC' })).toBe('Last used on 31 Dec 2025');
  });

  it('uses the reader time zone when given one', () => {
    expect(formatCvDate('2026-03-05T23:30:00.000Z', { timeZone: 'Asia/Tokyo' })).toBe('6 Mar 2026');
  });

  it.each([null, undefined, '', '   ', 'yesterday', 'not-a-date', 12345, {}, new Date('invalid')])("shows '-' when createdOn is %j", (value) => {
    expect(lastUsedOnText(value)).toBe('Last used on -');
  });
});
