import { describe, expect, it } from 'vitest';
import { cvUseText, fileNameParts, formatCvDate, lastUsedOnText } from './last-used-on';

describe("'Last used on {date}'", () => {
  it('formats a date', () => {
    expect(lastUsedOnText('2026-03-05T23:30:00.000Z', { timeZone: 'UTC' })).toBe('Last used on 5 Mar 2026');
    expect(lastUsedOnText(new Date('2025-12-31T12:00:00Z'), { timeZone: 'UTC' })).toBe('Last used on 31 Dec 2025');
  });

  it('uses the reader time zone when given one', () => {
    expect(formatCvDate('2026-03-05T23:30:00.000Z', { timeZone: 'Asia/Tokyo' })).toBe('6 Mar 2026');
  });

  it.each([null, undefined, '', '   ', 'yesterday', 'not-a-date', 12345, {}, new Date('invalid')])(
    "shows '-' when createdOn is %j",
    (value) => {
      expect(lastUsedOnText(value)).toBe('Last used on -');
    },
  );
});

describe('what the CV picker says under a CV', () => {
  it("says 'Last used on' only for a real use, and 'Uploaded on' for a CV never used", () => {
    const options = { timeZone: 'UTC' };
    expect(cvUseText({ createdOn: '2026-01-01T10:00:00Z', lastUsedOn: '2026-03-05T10:00:00Z' }, options)).toBe(
      'Last used on 5 Mar 2026',
    );
    expect(cvUseText({ createdOn: '2026-01-01T10:00:00Z' }, options)).toBe('Uploaded on 1 Jan 2026');
    expect(cvUseText({ createdOn: 'not-a-date' }, options)).toBe('Uploaded on -');
    expect(cvUseText({ createdOn: '2026-01-01T10:00:00Z', lastUsedOn: 'garbage' }, options)).toBe(
      'Uploaded on 1 Jan 2026',
    );
  });

  it('splits a file name after separators and keeps every character', () => {
    expect(fileNameParts('Curriculum_vitae-final 2026.pdf')).toEqual([
      'Curriculum_',
      'vitae-',
      'final ',
      '2026.',
      'pdf',
    ]);
    expect(fileNameParts('cv').join('')).toBe('cv');
  });
});
