import { z } from 'zod';
import { emailSchema, idSchema, isoDateSchema, nameSchema, phoneSchema, postcodeSchema } from './common';
import {
  applicationStatusSchema,
  cvParseStatusSchema,
  jobTypeSchema,
  salaryRateTypeSchema,
  workplaceSchema,
} from './enums';
import { CV_MAX_COUNT } from './candidate-values';
import { applicationFairnessFields, endingReasonSchema } from './fair-endings';
import { applicationRetentionFields, cvTakenBackSchema } from './retention';
import { screeningAnswersSchema, screeningQuestionSchema } from './screening';

/** The constants (no zod) live in candidate-values.ts, for the portal's first load (docs/decisions/0220). */
export { CV_MAX_BYTES, CV_ACCEPTED_EXTENSIONS, CV_MAX_COUNT, ALREADY_APPLIED } from './candidate-values';

/** product.md §3 "Candidate-service response wrapper". */
export function wrapped<T extends z.ZodType>(result: T) {
  return z.object({
    result: result.nullable(),
    isValidResponse: z.boolean(),
    errors: z.array(z.string()),
  });
}
export interface Wrapped<T> {
  result: T | null;
  isValidResponse: boolean;
  errors: string[];
}

// ---- Candidate ----
export const candidateSchema = z.object({
  id: idSchema,
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  postcode: z.string(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const candidateCreateSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phoneNumber: phoneSchema,
  postcode: postcodeSchema,
});
export type CandidateCreate = z.infer<typeof candidateCreateSchema>;

export const candidateCreatedSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  postcode: z.string(),
});
export type CandidateCreated = z.infer<typeof candidateCreatedSchema>;

export const candidateUpdateSchema = z.object({
  id: idSchema,
  name: nameSchema,
  phoneNumber: phoneSchema,
  postcode: postcodeSchema,
});
export type CandidateUpdate = z.infer<typeof candidateUpdateSchema>;

export const candidateDeleteSchema = z.object({ id: idSchema });
export type CandidateDelete = z.infer<typeof candidateDeleteSchema>;

// ---- CVs ----
export const cvSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  createdOn: isoDateSchema,
  cvParseStatus: cvParseStatusSchema,
  sizeBytes: z.number().int().optional(),
  /** When the candidate last applied with this CV (GET /cvs only); absent when never used. */
  lastUsedOn: isoDateSchema.optional(),
  /** The businesses the candidate took this CV back from, newest first (GET /cvs only); absent when none. */
  takenBack: z.array(cvTakenBackSchema).optional(),
});
export type Cv = z.infer<typeof cvSchema>;

export const cvListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(CV_MAX_COUNT),
});

/**
 * A CV the candidate deleted that one business keeps under its legal hold (docs/decisions/0494): gone from the
 * candidate's list, kept for that business until legalHoldUntil (null: the hold was lifted, the copy goes soon).
 */
export const heldCvCopySchema = z.object({
  cvId: idSchema,
  fileName: z.string(),
  businessId: idSchema,
  businessName: z.string(),
  legalHoldUntil: isoDateSchema.nullable(),
});
export type HeldCvCopy = z.infer<typeof heldCvCopySchema>;

/**
 * cvCount counts every CV of the candidate; cvs holds the requested page. heldCopies: the CVs they deleted that a
 * business keeps under a legal hold, present only when there is one.
 */
export const cvListSchema = z.object({
  cvCount: z.number().int(),
  cvs: z.array(cvSchema),
  heldCopies: z.array(heldCvCopySchema).optional(),
});
export type CvList = z.infer<typeof cvListSchema>;

export const cvUploadResultSchema = z.object({ cvId: idSchema, fileName: z.string() });
export type CvUploadResult = z.infer<typeof cvUploadResultSchema>;

/** heldCopies: present when a business under a legal hold keeps its copy of the deleted CV. */
export const cvDeleteResultSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  heldCopies: z.array(heldCvCopySchema).optional(),
});
export type CvDeleteResult = z.infer<typeof cvDeleteResultSchema>;

export const cvIdParamsSchema = z.object({ cvId: idSchema });

// ---- Businesses and jobs ----
export const businessSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

/** product.md §3 "Business (inside applications)"; {product}Domain is careersDomain here (docs/decisions). */
export const businessSchema = businessSummarySchema.extend({
  careersDomain: z.string().nullable(),
});
export type Business = z.infer<typeof businessSchema>;

export const jobDetailSchema = z.object({
  jobId: idSchema,
  title: z.string(),
  description: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  isLive: z.boolean(),
  partTime: z.boolean(),
  fullTime: z.boolean(),
  jobType: jobTypeSchema,
  remote: z.boolean(),
  salaryRateType: salaryRateTypeSchema,
  salaryAmount: z.number().nullable(),
  salaryNegotiable: z.boolean(),
  salaryCurrency: z.string().nullable(),
  salaryFrom: z.number().nullable(),
  salaryTo: z.number().nullable(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

/** product.md §3 "Job (single view)", plus isLive so the apply page can tell a closed job. */
export const jobSchema = z.object({
  id: idSchema,
  /** "We reply within N days" (docs/decisions/0412). */
  replyWithinDays: z.number().int().optional(),
  title: z.string(),
  description: z.string(),
  businessId: idSchema,
  businessName: z.string(),
  imageRelativeDirectory: z.string(),
  isLive: z.boolean(),
  city: z.string().nullable().optional(),
  // What a candidate decides on, and what job boards read from the apply page's JSON-LD.
  // Optional so that a client built before these fields still parses the answer.
  postedOn: isoDateSchema.optional(),
  addressLine1: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  postcode: z.string().nullable().optional(),
  fullTime: z.boolean().optional(),
  partTime: z.boolean().optional(),
  jobType: jobTypeSchema.optional(),
  remote: z.boolean().optional(),
  workplace: workplaceSchema.optional(),
  salaryRateType: salaryRateTypeSchema.optional(),
  salaryAmount: z.number().nullable().optional(),
  salaryFrom: z.number().nullable().optional(),
  salaryTo: z.number().nullable().optional(),
  salaryCurrency: z.string().nullable().optional(),
  salaryNegotiable: z.boolean().optional(),
  /** When the job stops taking applications (docs/decisions/0371); past it, isLive is false. */
  validThrough: isoDateSchema.optional(),
  /** ISO 3166-1 alpha-2; null: the install's country. */
  country: z.string().nullable().optional(),
  /** The business's careers page, /careers/{businessSlug} (docs/decisions/0370). */
  businessSlug: z.string().optional(),
  /** The job's screening questions, when it has any (docs/decisions/0400). */
  screeningQuestions: z.array(screeningQuestionSchema).optional(),
  /** Days the business keeps an application for its other roles when the candidate agrees at apply (0442); absent: it does not ask. */
  talentPoolDays: z.number().int().positive().optional(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobIdParamsSchema = z.object({ id: idSchema });

/** The longest User-Agent the portal's server passes on with a crawler's fetch. */
export const CRAWLER_USER_AGENT_MAX = 1000;

/** POST /internal/jobs/{id}/crawler-fetches: the portal's server tells of a crawler's fetch (decision 0514). */
export const crawlerFetchReportSchema = z.object({
  /** The crawler's User-Agent as the portal's server received it. */
  userAgent: z.string().min(1).max(CRAWLER_USER_AGENT_MAX),
});
export type CrawlerFetchReport = z.infer<typeof crawlerFetchReportSchema>;

// ---- Job applications ----
export const statusChangeSchema = z.object({
  applicationStatus: applicationStatusSchema,
  changedOn: isoDateSchema,
  /** True on the entry that records the candidate's withdrawal (applicationStatus is then the status it had). */
  withdrawn: z.boolean().optional(),
  /** The ending's reason on the final status when the job closed (docs/decisions/0410). */
  reason: endingReasonSchema.optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const jobApplicationSchema = z.object({
  id: idSchema,
  job: jobDetailSchema,
  business: businessSchema,
  applicationStatus: applicationStatusSchema,
  shortListStatus: z.number().int().nullable(),
  appliedWithCvId: idSchema.nullable(),
  appliedWithCvFileName: z.string().nullable().optional(),
  appliedOn: isoDateSchema,
  statusHistory: z.array(statusChangeSchema).optional(),
  /** When the candidate withdrew it (null while it stands), and the reason given, if any. */
  withdrawnOn: isoDateSchema.nullable().optional(),
  withdrawalReason: z.string().nullable().optional(),
  /** When the business last opened the CV sent with it (a preview or a download); null: never (docs/decisions/0390). */
  cvOpenedOn: isoDateSchema.nullable().optional(),
  ...applicationFairnessFields,
  /** When the business deletes it, by which rule, and the candidate's consent (docs/decisions/0440). */
  ...applicationRetentionFields,
  /** Its interview in short, for the dashboard and the card; null: none (docs/decisions/0547). */
  interview: z
    .object({
      status: z.enum(['invited', 'booked', 'cancelled']),
      startsAt: isoDateSchema.nullable(),
      endsAt: isoDateSchema.nullable(),
      cancelledBy: z.enum(['candidate', 'employer']).nullable(),
      /** Cancelled by the employer once the job had closed: the close's story tells it. */
      cancelledOnClose: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

export const jobApplicationPageSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalApplications: z.number().int(),
  applications: z.array(jobApplicationSchema),
});
export type JobApplicationPage = z.infer<typeof jobApplicationPageSchema>;

const trackingField = z.string().trim().max(2048).optional().nullable();

export const createApplicationSchema = z.object({
  jobId: idSchema,
  cvId: idSchema,
  readyToWork: z.boolean(),
  landingUrl: trackingField,
  publisherId: trackingField,
  boostId: trackingField,
  utmSource: trackingField,
  utmCampaign: trackingField,
  /** Not in SPEC: the page the candidate came from (document.referrer), for the application's source (docs/decisions/0383). */
  referrer: trackingField,
  /** Not in SPEC: the answers to the job's screening questions (docs/decisions/0400). */
  screeningAnswers: screeningAnswersSchema.optional(),
  /** Not in SPEC: the candidate ticked "Keep my application for other roles" on the form (docs/decisions/0442). */
  keepForOtherRoles: z.boolean().optional(),
});
export type CreateApplication = z.infer<typeof createApplicationSchema>;

export const createApplicationResultSchema = wrapped(z.object({ applicationId: idSchema }));
export type CreateApplicationResult = z.infer<typeof createApplicationResultSchema>;

// ---- CV drops ----
export const cvDropSchema = z.object({
  id: idSchema,
  business: businessSummarySchema,
  appliedWithCvId: idSchema.nullable(),
  appliedWithCvFileName: z.string().nullable().optional(),
  appliedOn: isoDateSchema,
});
export type CvDrop = z.infer<typeof cvDropSchema>;

export const cvDropPageSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalApplications: z.number().int(),
  cvDrops: z.array(cvDropSchema),
});
export type CvDropPage = z.infer<typeof cvDropPageSchema>;

export const createCvDropSchema = z.object({ businessId: idSchema, cvId: idSchema });
export type CreateCvDrop = z.infer<typeof createCvDropSchema>;

// ---- Contact ----
export const contactMessageSchema = z.object({
  name: nameSchema,
  phone: z.string().trim().max(40),
  email: emailSchema,
  message: z.string().trim().min(1).max(5000),
  source: z.string().trim().max(100),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
