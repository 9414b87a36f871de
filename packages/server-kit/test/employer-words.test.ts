import { describe, expect, it } from 'vitest';
import { jobAtBusiness } from '../src/employer-words';

describe('a job in an e-mail’s sentence', () => {
  it('names the job and business plainly, and gives way to plain words for a part a client could link', () => {
    expect(jobAtBusiness('Barista', 'Northwind')).toBe('Barista at Northwind');
    expect(jobAtBusiness('  Barista\n', 'Bean & Co')).toBe('Barista at Bean & Co');
    expect(jobAtBusiness('Apply at https://evil.test', 'Northwind')).toBe('a job at Northwind');
    expect(jobAtBusiness('Barista', 'evil.test Ltd')).toBe('Barista at a business');
    expect(jobAtBusiness('www.evil.test', 'pay@evil.test')).toBe('a job');
  });
});
