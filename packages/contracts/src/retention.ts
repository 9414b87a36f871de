import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/**
 * Retention of applications (issue 30 items 1-4, docs/decisions/0440-0443): how long a business keeps an
 * application (its answers, messages and CV) after the final decision or a withdrawal, by its country's
 * preset or its own period within the preset's bound; the candidate's consent to be kept for other roles;
 * a CV taken back from one business.
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

export const retentionCountrySchema = z.enum(RETENTION_COUNTRIES);

/** What the candidate sees on each application (GET /job-applications, GET /job-applications/{id}). */
export const applicationRetentionFields = {
  /** When the business deletes the application and its CV; null until a final decision or a withdrawal. */
  deletesOn: isoDateSchema.nullable().optional(),
  /** The rule the date follows, in words. */
  deletionRule: z.string().optional(),
  /** Until when the candidate agreed to be kept for other roles at the business; null: not agreed. */
  keptForOtherRolesUntil: isoDateSchema.nullable().optional(),
  /** The end of a legal hold the business declared; null: none. Nothing is deleted before it. */
  legalHoldUntil: isoDateSchema.nullable().optional(),
};

/** GET /business/retention (every member), PUT /business/retention (owners). */
export const businessRetentionSchema = z.object({
  country: retentionCountrySchema,
  keepDays: z.number().int(),
  /** The consent period the apply page offers; null: the business does not ask. */
  poolDays: z.number().int().nullable(),
  legalHoldUntil: isoDateSchema.nullable(),
  /** Whether the business chose (false: the default preset applies). */
  chosen: z.boolean(),
});
export type BusinessRetention = z.infer<typeof businessRetentionSchema>;

export const businessRetentionUpdateSchema = z.object({
  country: retentionCountrySchema,
  /** Omitted: the preset's period. */
  keepDays: z.number().int().optional(),
  poolDays: z.number().int().nullable().optional(),
  legalHoldUntil: isoDateSchema.nullable().optional(),
});
export type BusinessRetentionUpdate = z.infer<typeof businessRetentionUpdateSchema>;

/** A deleted application as the employer's console shows it: in place of the candidate, when it went. */
export const deletedApplicationSchema = z.object({
  id: idSchema,
  deletedOn: isoDateSchema,
  /** retention: the business's rule; candidate: the candidate took their CV back. */
  reason: z.enum(['retention', 'candidate']),
});
export const deletedApplicationListSchema = z.object({ deleted: z.array(deletedApplicationSchema) });
export type DeletedApplication = z.infer<typeof deletedApplicationSchema>;

/** GET /business/talent-pool: only the candidates who agreed, with their dates. */
export const talentPoolEntrySchema = z.object({
  applicationId: idSchema,
  candidateName: z.string(),
  jobId: idSchema,
  jobTitle: z.string(),
  appliedOn: isoDateSchema,
  keptUntil: isoDateSchema,
});
export const talentPoolSchema = z.object({ entries: z.array(talentPoolEntrySchema) });
export type TalentPoolEntry = z.infer<typeof talentPoolEntrySchema>;

/** GET /jobs/{id}/talent-pool-offer (public): what the apply page's optional box offers. */
export const talentPoolOfferSchema = z.object({
  businessName: z.string(),
  /** null: the business does not ask. */
  poolDays: z.number().int().nullable(),
});
export type TalentPoolOffer = z.infer<typeof talentPoolOfferSchema>;

/** PUT /job-applications/{id}/talent-pool answers the date; DELETE answers null. */
export const talentPoolConsentSchema = z.object({ keptForOtherRolesUntil: isoDateSchema.nullable() });

/** POST /cvs/{cvId}/take-back */
export const cvTakeBackSchema = z.object({ businessId: idSchema });
export const cvTakeBackResultSchema = z.object({
  deletedApplications: z.number().int(),
  deletedCvDrops: z.number().int(),
});
export type CvTakeBackResult = z.infer<typeof cvTakeBackResultSchema>;
