import { describe, expect, it } from 'vitest';
import { everyDay } from './job-numbers';

describe('everyDay', () => {
  it('gives every one of the last days, oldest first, with 0 for the days without applications', () => {
    const today = new Date('2026-03-02T10:00:00Z');
    const days = everyDay(
      {
        days: 4,
        byDay: [
          { day: '2026-02-28', applications: 2 },
          { day: '2026-03-02', applications: 5 },
        ],
      },
      today,
    );
    expect(days).toEqual([
      { day: '2026-02-27', applications: 0 },
      { day: '2026-02-28', applications: 2 },
      { day: '2026-03-01', applications: 0 },
      { day: '2026-03-02', applications: 5 },
    ]);
  });
});
