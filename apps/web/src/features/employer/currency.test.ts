import { describe, expect, it } from 'vitest';
import { defaultCurrency } from './currency';

describe("a new job's currency comes from the business's phone number", () => {
  it('reads the calling code of an international number', () => {
    expect(defaultCurrency({ phone: '+44 113 496 0000' })).toBe('GBP');
    expect(defaultCurrency({ phone: '+353 1 234 5678' })).toBe('EUR');
    expect(defaultCurrency({ phone: '0049 30 1234567' })).toBe('EUR');
    expect(defaultCurrency({ phone: '+1 (212) 555-0100' })).toBe('USD');
    expect(defaultCurrency({ phone: '+61 2 9876 5432' })).toBe('AUD');
  });

  it('takes a national number, no number or an unknown code as the UK', () => {
    expect(defaultCurrency({ phone: '0113 496 0000' })).toBe('GBP');
    expect(defaultCurrency({ phone: null })).toBe('GBP');
    expect(defaultCurrency(null)).toBe('GBP');
    expect(defaultCurrency({ phone: '+999 123' })).toBe('GBP');
  });
});
