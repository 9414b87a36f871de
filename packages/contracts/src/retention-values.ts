/**
 * The retention presets and their words (docs/decisions/0440), without zod: the console's form and the
 * services read them, and the schemas in retention.ts stay in the chunk of the candidate's schemas.
 */

export const RETENTION_COUNTRIES = ['DE', 'AT', 'NL', 'FR', 'UK', 'IE', 'other'] as const;
export type RetentionCountry = (typeof RETENTION_COUNTRIES)[number];

export interface RetentionPreset {
  /** The country as the console names it. */
  name: string;
  /** The preset's period after the final decision or the withdrawal, in days. */
  keepDays: number;
  /** The longest the business may set without the candidate's consent, in days. */
  maxKeepDays: number;
  /** The longest a candidate may agree to be kept for other roles, in days from the application. */
  maxPoolDays: number;
}

/** The presets and their bounds; their sources are in docs/product.md ("Retention of applications"). */
export const RETENTION_PRESETS: Record<RetentionCountry, RetentionPreset> = {
  DE: { name: 'Germany', keepDays: 183, maxKeepDays: 183, maxPoolDays: 730 },
  AT: { name: 'Austria', keepDays: 213, maxKeepDays: 213, maxPoolDays: 730 },
  NL: { name: 'Netherlands', keepDays: 28, maxKeepDays: 28, maxPoolDays: 365 },
  FR: { name: 'France', keepDays: 91, maxKeepDays: 91, maxPoolDays: 730 },
  UK: { name: 'United Kingdom', keepDays: 183, maxKeepDays: 365, maxPoolDays: 730 },
  IE: { name: 'Ireland', keepDays: 365, maxKeepDays: 365, maxPoolDays: 730 },
  other: { name: 'Another country', keepDays: 183, maxKeepDays: 365, maxPoolDays: 730 },
};

/** A business that never chose keeps by this preset. */
export const DEFAULT_RETENTION_COUNTRY: RetentionCountry = 'other';
/** The shortest own period: a business may answer a claim or a question about the decision first. */
export const MIN_KEEP_DAYS = 7;
/** The shortest consent period a business may offer. */
export const MIN_POOL_DAYS = 30;

/** The words of the rule an application follows, as the candidate sees them. */
export function retentionRuleWords(country: RetentionCountry, keepDays: number): string {
  const preset = RETENTION_PRESETS[country];
  const period = `${keepDays} ${keepDays === 1 ? 'day' : 'days'} after the final decision or a withdrawal`;
  return keepDays === preset.keepDays && country !== 'other'
    ? `${preset.name}'s rule: ${period}`
    : `The business's own rule: ${period}`;
}
