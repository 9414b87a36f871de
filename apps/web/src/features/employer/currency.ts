/**
 * The currency a new job's salary starts in. A business has no country field; its phone number says
 * where it is: an international number by its calling code, a national one (0…) is taken as the UK, the
 * portal's home (en-GB dates, postcodes); an unknown or missing number falls back to GBP too
 * (docs/decisions/0257). The employer can always change it.
 */
const BY_CALLING_CODE: readonly (readonly [string, string])[] = [
  // Longest codes first, so +353 is Ireland and not +35…
  ['353', 'EUR'],
  ['351', 'EUR'],
  ['352', 'EUR'],
  ['356', 'EUR'],
  ['357', 'EUR'],
  ['358', 'EUR'],
  ['372', 'EUR'],
  ['370', 'EUR'],
  ['371', 'EUR'],
  ['385', 'EUR'],
  ['386', 'EUR'],
  ['421', 'EUR'],
  ['420', 'CZK'],
  ['44', 'GBP'],
  ['30', 'EUR'],
  ['31', 'EUR'],
  ['32', 'EUR'],
  ['33', 'EUR'],
  ['34', 'EUR'],
  ['39', 'EUR'],
  ['43', 'EUR'],
  ['49', 'EUR'],
  ['41', 'CHF'],
  ['45', 'DKK'],
  ['46', 'SEK'],
  ['47', 'NOK'],
  ['48', 'PLN'],
  ['61', 'AUD'],
  ['64', 'NZD'],
  ['27', 'ZAR'],
  ['91', 'INR'],
  ['1', 'USD'],
];

export const FALLBACK_CURRENCY = 'GBP';

export function defaultCurrency(business: { phone?: string | null } | null | undefined): string {
  const phone = (business?.phone ?? '').replace(/[\s().-]/g, '');
  const international = /^(?:\+|00)(\d+)$/.exec(phone)?.[1];
  if (!international) return FALLBACK_CURRENCY;
  const match = BY_CALLING_CODE.find(([code]) => international.startsWith(code));
  return match?.[1] ?? FALLBACK_CURRENCY;
}
