import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/**
 * Retention of applications (issue 30 items 1-4, docs/decisions/0440-0443): how long a business keeps an
 * application (its answers, messages and CV) after the final decision or a withdrawal, by its country's
 * preset or its own period within the preset's bound; the candidate's consent to be kept for other roles;
 * a CV taken back from one business.
 */

// The same list as RETENTION_COUNTRIES (retention-values.ts, which this module does not import so that the
// portal's chunks stay apart); services/candidate/test/retention.test.ts checks they agree.
const COUNTRIES = ['DE', 'AT', 'NL', 'FR', 'UK', 'IE', 'other'] as const;

export const retentionCountrySchema = z.enum(COUNTRIES);

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

/** A business the candidate took a CV back from, and when (docs/decisions/0575): on GET /cvs, per CV. */
export const cvTakenBackSchema = z.object({
  businessId: idSchema,
  businessName: z.string(),
  takenBackOn: isoDateSchema,
});
export type CvTakenBack = z.infer<typeof cvTakenBackSchema>;
