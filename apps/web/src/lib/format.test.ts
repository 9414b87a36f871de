import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize } from './format';

describe('formatDate', () => {
  it('shows a date in the given locale, and - for anything that is not a date', () => {
    expect(formatDate('2026-03-12T10:00:00Z', 'en-GB')).toBe('12 Mar 2026');
    // One format on every page, whatever the browser's language, the same as the CV picker's.
    expect(formatDate('2026-03-12T10:00:00Z')).toBe('12 Mar 2026');
    expect(formatDateTime('2026-03-12T10:00:00Z')).toMatch(/^12 Mar 2026,? \d{2}:\d{2}$/);
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(null)).toBe('-');
  });
});

describe('formatFileSize', () => {
  it('picks a unit people read', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});
