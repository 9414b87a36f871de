import { z } from 'zod';
import { idSchema, isoDateSchema, pageQuerySchema } from './common';
import { WITHDRAWAL_REASON_MAX } from './candidate-values';
import { jobApplicationSchema } from './candidate';

/** The constants (no zod) live in candidate-values.ts, for the portal's first load (docs/decisions/0220). */
export {
  LOGO_MAX_BYTES,
  WITHDRAWAL_REASON_MAX,
  ALREADY_WITHDRAWN,
  APPLICATION_CLOSED,
  DATA_EXPORTS_PER_HOUR,
} from './candidate-values';

/**
 * Candidate-service answers beyond product.md §3 (the spec leaves them "not shown"); kept here so the portal
 * and the service share them.
 */

/** POST /business/cvs/{cvId}/preview-link: a short-lived address the employer console reads a CV preview from, without a bearer token. */
export const cvPreviewLinkSchema = z.object({ url: z.string(), expiresAt: isoDateSchema });
export type CvPreviewLink = z.infer<typeof cvPreviewLinkSchema>;

/** DELETE /candidate answers the id it removed. */
export const candidateDeletedSchema = z.object({ id: idSchema });

/** GET /business: the employer's own business. */
export const businessDetailSchema = z.object({
  id: idSchema,
  name: z.string(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  careersDomain: z.string().nullable(),
  imageRelativeDirectory: z.string(),
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

/** POST /business/logo: where the portal loads the logo from. */
export const logoUploadResultSchema = z.object({ imageRelativeDirectory: z.string(), url: z.string() });

/**
 * GET /job-applications/{id}: one of the caller's applications, for its own page in the portal (the card's
 * fields; sections of the page add theirs here).
 */
export const jobApplicationDetailSchema = jobApplicationSchema.extend({});
export type JobApplicationDetail = z.infer<typeof jobApplicationDetailSchema>;

/** POST /job-applications/{id}/withdraw: the reason is optional and goes to the employer with the withdrawal. */
export const withdrawApplicationSchema = z.object({ reason: z.string().trim().max(WITHDRAWAL_REASON_MAX).nullish() });
export type WithdrawApplication = z.infer<typeof withdrawApplicationSchema>;

export const withdrawnApplicationSchema = z.object({
  id: idSchema,
  withdrawnOn: isoDateSchema,
  withdrawalReason: z.string().nullable(),
});
export type WithdrawnApplication = z.infer<typeof withdrawnApplicationSchema>;

/** account.json in the export zip: the account as the candidate service knows it (the sign-in token's claims). */
export const dataExportAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailVerified: z.boolean().nullable(),
  name: z.string().nullable(),
  roles: z.array(z.string()),
  exportedOn: isoDateSchema,
});
export type DataExportAccount = z.infer<typeof dataExportAccountSchema>;

/** cvs.json in the export zip: each CV and where its file is in the zip (null when the file is missing from the store). */
export const dataExportCvSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdOn: isoDateSchema,
  cvParseStatus: z.string(),
  file: z.string().nullable(),
});
export type DataExportCv = z.infer<typeof dataExportCvSchema>;
/**
 * GET/PUT /candidate/status-emails: whether the candidate gets an e-mail when an employer moves one of
 * their applications (issue 12 item 14). On unless the candidate turned it off.
 */
export const statusEmailPreferenceSchema = z.object({ statusEmails: z.boolean() });
export type StatusEmailPreference = z.infer<typeof statusEmailPreferenceSchema>;

/** The signed token of a status e-mail's unsubscribe link (query string): no sign-in needed. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(200) });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** GET /job-applications: paging, and optionally one job (has the caller already applied to it?). */
export const jobApplicationsQuerySchema = pageQuerySchema.extend({ jobId: idSchema.optional() });
export type JobApplicationsQuery = z.infer<typeof jobApplicationsQuerySchema>;

/**
 * POST /cv-autofill (issue 12 item 17): what the CV chosen on the apply page says about its owner, for
 * the portal to put in the empty fields. Only the fields found are present.
 */
export const cvAutofillSchema = z.object({
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
});
export type CvAutofill = z.infer<typeof cvAutofillSchema>;
