import { z } from 'zod';
import { applicationStatusSchema, jobTypeSchema, salaryRateTypeSchema, workplaceSchema } from './enums';
import { idSchema, isoDateSchema, pageQuerySchema } from './common';
import { jobSchema, statusChangeSchema } from './candidate';
import { applicationFairnessFields, replyWithinDaysSchema } from './fair-endings';
import { screeningQuestionsSchema } from './screening';

/** design.md §5: the employer API for BusinessUser tokens. */
export const createBusinessSchema = z.object({
  name: z.string().trim().min(1).max(200),
  city: z.string().trim().max(100).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  domain: z.string().trim().max(100).nullable().optional(),
});
export type CreateBusiness = z.infer<typeof createBusinessSchema>;

export const createdBusinessSchema = z.object({ id: idSchema, imageRelativeDirectory: z.string() });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const salaryNumber = z.number().finite().min(0, 'A salary cannot be negative.').max(1e9).nullable().optional();

export const SALARY_RANGE_REVERSED = 'The salary range ends below where it starts (salaryTo is less than salaryFrom).';
export const NO_HOURS = 'A job is full time, part time or both (fullTime or partTime).';
export const WORKPLACE_CONFLICT = "remote must be true exactly when workplace is 'Remote'.";
export const SALARY_NEEDS_PERIOD =
  'A salary needs its period: set salaryRateType to 1 (an hour), 2 (a day) or 3 (a year), or leave the amounts out.';
export const SALARY_NEEDS_CURRENCY =
  'A salary needs its currency: set salaryCurrency to three letters (ISO 4217), such as GBP, or leave the amounts out.';

/** True when the job states an amount or either end of a range (then it needs a period and a currency). */
export const statesSalaryAmount = (job: {
  salaryAmount?: number | null | undefined;
  salaryFrom?: number | null | undefined;
  salaryTo?: number | null | undefined;
}) => [job.salaryAmount, job.salaryFrom, job.salaryTo].some((value) => typeof value === 'number');

export const createJobSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(20000).default(''),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    region: optionalText(100),
    postcode: optionalText(20),
    isLive: z.boolean().default(true),
    /** "We reply within N days" (docs/decisions/0412); left out: 14 on a new job, unchanged on an edit. */
    replyWithinDays: replyWithinDaysSchema.optional(),
    partTime: z.boolean().default(false),
    fullTime: z.boolean().default(true),
    jobType: jobTypeSchema.default(1),
    /** Kept from product.md §3; without `workplace` it picks Remote or OnSite. */
    remote: z.boolean().optional(),
    /** On-site, hybrid or remote (issue 12 item 4); without it, `remote` decides. */
    workplace: workplaceSchema.optional(),
    salaryRateType: salaryRateTypeSchema.default(0),
    salaryAmount: salaryNumber,
    salaryNegotiable: z.boolean().default(false),
    // ISO 4217 letters; '' or null when no salary is given.
    salaryCurrency: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{3})?$/, 'A currency is three letters (ISO 4217), such as GBP or EUR.')
      .transform((code) => code.toUpperCase() || null)
      .nullable()
      .optional(),
    salaryFrom: salaryNumber,
    salaryTo: salaryNumber,
    /** When the job stops taking applications (docs/decisions/0371); left out, 60 days after posting. */
    validThrough: isoDateSchema.nullable().optional(),
    /** Where the job is, ISO 3166-1 alpha-2 (GB, IE, ...); left out, the install's country. */
    country: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{2})?$/, 'A country is two letters (ISO 3166-1), such as GB or IE.')
      .transform((code) => code.toUpperCase() || null)
      .nullable()
      .optional(),
    /** The questions candidates answer when applying (docs/decisions/0400); left out, a changed job keeps its own. */
    screeningQuestions: screeningQuestionsSchema.optional(),
  })
  .superRefine((job, ctx) => {
    if (typeof job.salaryFrom === 'number' && typeof job.salaryTo === 'number' && job.salaryTo < job.salaryFrom) {
      ctx.addIssue({ code: 'custom', path: ['salaryTo'], message: SALARY_RANGE_REVERSED });
    }
    // Candidates otherwise read a bare number ('Salary 12.60 – 13.40'): an amount says what it is in and per what.
    if (statesSalaryAmount(job)) {
      if (job.salaryRateType === 0)
        ctx.addIssue({ code: 'custom', path: ['salaryRateType'], message: SALARY_NEEDS_PERIOD });
      if (!job.salaryCurrency)
        ctx.addIssue({ code: 'custom', path: ['salaryCurrency'], message: SALARY_NEEDS_CURRENCY });
    }
    if (!job.fullTime && !job.partTime) ctx.addIssue({ code: 'custom', path: ['fullTime'], message: NO_HOURS });
    if (job.workplace !== undefined && job.remote !== undefined && job.remote !== (job.workplace === 'Remote')) {
      ctx.addIssue({ code: 'custom', path: ['remote'], message: WORKPLACE_CONFLICT });
    }
  });
export type CreateJob = z.input<typeof createJobSchema>;

export const updateApplicationStatusSchema = z.object({ applicationStatus: applicationStatusSchema });
export type UpdateApplicationStatus = z.infer<typeof updateApplicationStatusSchema>;

export const employerApplicationSchema = z.object({
  id: idSchema,
  jobId: idSchema,
  candidate: z.object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    postcode: z.string(),
  }),
  /** False while the candidate has not proved the address (the e-mailed code not entered yet): it may be mistyped. */
  emailVerified: z.boolean(),
  applicationStatus: applicationStatusSchema,
  appliedWithCvId: idSchema.nullable(),
  appliedOn: isoDateSchema,
  readyToWork: z.boolean(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** Where it came from: docs/decisions/0383's closed set (application-sources.ts names it); null before sources were kept. */
  source: z.string().nullable().optional(),
  /** When the candidate withdrew the application (null while it stands), and the reason they gave, if any. */
  withdrawnOn: isoDateSchema.nullable().optional(),
  withdrawalReason: z.string().nullable().optional(),
  ...applicationFairnessFields,
  /** The candidate's replies no one in the team has read yet (docs/decisions/0424). */
  unreadMessages: z.number().int().optional(),
  /** How many requirements of the job's screening questions the answers do not meet (docs/decisions/0400). */
  doesNotMeet: z.number().int().optional(),
});
export type EmployerApplication = z.infer<typeof employerApplicationSchema>;

/** GET /business/jobs/{id}/applications: one page, with the job's total (product.md §3's page result shape). */
export const employerApplicationPageSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalApplications: z.number().int(),
  /** The candidates' unread replies in all of the job's applications (docs/decisions/0424). */
  unreadMessages: z.number().int().optional(),
  applications: z.array(employerApplicationSchema),
});
export type EmployerApplicationPage = z.infer<typeof employerApplicationPageSchema>;

export const employerCvDropSchema = z.object({
  id: idSchema,
  candidate: z.object({ id: idSchema, name: z.string(), email: z.string() }),
  cvId: idSchema.nullable(),
  droppedOn: isoDateSchema,
});

/** GET /business/jobs and GET /business/jobs/{id}: the public job plus what only its employer sees. */
export const employerJobSchema = jobSchema.extend({
  /** Every application, withdrawn ones included. */
  applicationCount: z.number().int(),
  /** How many of them the candidates withdrew (the active ones are applicationCount minus these). */
  withdrawnCount: z.number().int(),
});
export type EmployerJob = z.infer<typeof employerJobSchema>;

/**
 * GET /business/jobs/{id}/stats: applications by day (UTC, the last `days` days, days without any left
 * out), by source (docs/decisions/0383's closed set, 'unknown' before sources were kept; the same figure as
 * GET /business/source-funnel), and how many applications reached each stage:
 * an application counts for the furthest stage of the pipeline (New … Hired) it has ever been at and for
 * every stage before it; Rejected counts those that are or were rejected (docs/decisions/0256). Stages
 * no application reached are left out.
 */
export const employerJobStatsSchema = z.object({
  totalApplications: z.number().int(),
  days: z.number().int(),
  byDay: z.array(z.object({ day: z.string(), applications: z.number().int() })),
  bySource: z.array(z.object({ source: z.string().nullable(), applications: z.number().int() })),
  reached: z.array(z.object({ applicationStatus: z.number().int(), applications: z.number().int() })),
});
export type EmployerJobStats = z.infer<typeof employerJobStatsSchema>;

/** GET /business/jobs/{id}/applications: paging, plus an optional status filter and a name/e-mail search. */
export const employerApplicationQuerySchema = pageQuerySchema.extend({
  status: z.coerce.number().pipe(applicationStatusSchema).optional(),
  search: z.string().trim().max(200).optional(),
  /** true: only applications the candidates withdrew; false: only those that stand; absent: both. */
  withdrawn: z.enum(['true', 'false']).optional(),
});
export type EmployerApplicationQuery = z.input<typeof employerApplicationQuerySchema>;

/** One entry of the employer's history: a move names the team member who made it (null: the candidate's own). */
export const employerStatusChangeSchema = statusChangeSchema.extend({
  changedBy: z.string().nullable().optional(),
});

/** A note on an application: the business's own, never shown to the candidate. */
export const applicationNoteSchema = z.object({
  id: idSchema,
  body: z.string(),
  authorName: z.string(),
  createdOn: isoDateSchema,
});
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;

export const APPLICATION_NOTE_MAX = 4000;
export const createApplicationNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note first.')
    .max(APPLICATION_NOTE_MAX, `A note is at most ${APPLICATION_NOTE_MAX} characters.`),
});
export type CreateApplicationNote = z.infer<typeof createApplicationNoteSchema>;

/** A preview or download of the application's CV by a member of the business (docs/decisions/0390). */
export const cvOpeningSchema = z.object({
  openedBy: z.string(),
  action: z.enum(['preview', 'download']),
  openedOn: isoDateSchema,
});
export type CvOpening = z.infer<typeof cvOpeningSchema>;

/** GET /business/applications/{id}: one application with the job's title, the CV's name, the history and the notes. */
export const employerApplicationDetailSchema = employerApplicationSchema.extend({
  jobTitle: z.string(),
  appliedWithCvFileName: z.string().nullable(),
  statusHistory: z.array(employerStatusChangeSchema),
  /** Newest first. */
  notes: z.array(applicationNoteSchema).optional(),
  /** Who of the business opened the application's CV and when, newest first (the last 50). */
  cvOpenings: z.array(cvOpeningSchema).optional(),
});
export type EmployerApplicationDetail = z.infer<typeof employerApplicationDetailSchema>;

/** PUT /business: the employer's own business details (the same fields as creating it). */
export const updateBusinessSchema = createBusinessSchema;
export type UpdateBusiness = z.infer<typeof updateBusinessSchema>;

/**
 * A business is a team (docs/decisions/0270): Owner does everything, the team and the business included;
 * Recruiter the jobs and applications; HiringManager reads the applications of the jobs given to them and
 * leaves notes.
 */
export const TEAM_ROLES = ['Owner', 'Recruiter', 'HiringManager'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES, { message: 'Choose a role: Owner, Recruiter or HiringManager.' });
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** GET /business/membership: who the caller is in their business. */
export const membershipSchema = z.object({
  businessId: idSchema,
  userId: z.string(),
  role: teamRoleSchema,
  /** The jobs a hiring manager sees; every role else sees every job (empty then). */
  assignedJobIds: z.array(idSchema),
});
export type Membership = z.infer<typeof membershipSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: teamRoleSchema,
  joinedOn: isoDateSchema,
  assignedJobIds: z.array(idSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: teamRoleSchema,
  sentOn: isoDateSchema,
  expiresOn: isoDateSchema,
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /business/team (owners): the members and the invitations not yet accepted. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/**
 * GET /business/removal: for an employer in no business, the business that removed them from its team and
 * when (docs/decisions/0351); null when they are in a business or were never removed.
 */
export const teamRemovalSchema = z.object({
  removal: z.object({ businessName: z.string(), removedOn: z.string() }).nullable(),
});
export type TeamRemoval = z.infer<typeof teamRemovalSchema>;

export const createInvitationSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter the e-mail address to invite.')
    .max(254, 'An e-mail address is at most 254 characters.')
    .pipe(z.email('Enter a valid e-mail address, like name@example.com.')),
  role: teamRoleSchema,
});
export type CreateInvitation = z.infer<typeof createInvitationSchema>;

export const changeMemberRoleSchema = z.object({ role: teamRoleSchema });
export const assignJobsSchema = z.object({ jobIds: z.array(idSchema).max(1000) });
export const memberParamsSchema = z.object({ userId: z.string().min(1).max(200) });

/** GET /team-invitations/{id}?token=: what the invitation link's page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  id: idSchema,
  businessName: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expiresOn: isoDateSchema,
  /** The member who sent it, by name (else address); null once they have left the team. */
  invitedBy: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * GET /business/first-steps: what a new business has done of its first hour, each read from its own data
 * (docs/decisions/0496). interviewHours is the caller's own: every member keeps their own hours.
 */
export const firstStepsSchema = z.object({
  /** The city and phone candidates see with the jobs. */
  businessDetails: z.boolean(),
  logo: z.boolean(),
  /** The careers page says who the business is (its about us). */
  careersPage: z.boolean(),
  /** A job posted, open or closed since. */
  firstJob: z.boolean(),
  /** Someone else in the team, or an invitation still open. */
  colleagueInvited: z.boolean(),
  interviewHours: z.boolean(),
  /** A retention rule chosen rather than the default preset. */
  retentionRule: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
