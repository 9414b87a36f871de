import type { ColumnType, Generated, GeneratedAlways, Kysely, Transaction } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CandidatesTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  phone_number: string;
  postcode: string;
  /** Status e-mails wanted (migration 0007); on by default. */
  status_emails: Generated<boolean>;
  /** The candidate proved the address (migration 0008); false until the identity service says so. */
  email_verified: Generated<boolean>;
  /** The zone the candidate's browser gave when they last booked an interview (migration 0031), else null. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BusinessesTable {
  id: string;
  owner_user_id: string;
  name: string;
  city: string | null;
  phone: string | null;
  careers_domain: string | null;
  image_relative_directory: string;
  created_at: Timestamp;
  /** The careers page's address, /careers/{slug} (migration 0013, docs/decisions/0370). */
  slug: string;
  /** The careers page's "about us", plain text (migration 0013). */
  about: Generated<string>;
}

/** A business's former slugs (migration 0013): /careers/{old} answers 301 to the current one. */
export interface BusinessSlugHistoryTable {
  slug: string;
  business_id: string;
  replaced_at: Generated<Date>;
}

export interface JobsTable {
  id: string;
  business_id: string;
  title: string;
  description: string;
  latitude: number | null;
  longitude: number | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  region: string | null;
  postcode: string | null;
  is_live: boolean;
  part_time: boolean;
  full_time: boolean;
  job_type: number;
  remote: boolean;
  /** 'OnSite' | 'Hybrid' | 'Remote' (migration 0009); remote is true exactly when it is 'Remote'. */
  workplace: Generated<string>;
  salary_rate_type: number;
  salary_amount: number | null;
  salary_negotiable: boolean;
  salary_currency: string | null;
  salary_from: number | null;
  salary_to: number | null;
  created_at: Timestamp;
  /** Kept by a trigger as applications come and go (migration 0004). */
  application_count: Generated<number>;
  /** Past it the job takes no application (migration 0013, docs/decisions/0371); 60 days after posting by default. */
  valid_through: ColumnType<Date, Date | string | undefined, Date | string>;
  /** ISO 3166-1 alpha-2 (migration 0013); null: the install's country. */
  country: string | null;
  /** Set by a trigger on every change but the application counter's (migration 0014): the feeds' Last-Modified. */
  updated_at: Generated<Date | null>;
  /** When it was closed from migration 0018 on, and how (docs/decisions/0410); null while open. */
  closed_at: NullableTimestamp;
  close_outcome: 'filled' | 'closed' | null;
  /** "We reply within N days" (0018, docs/decisions/0412). */
  reply_within_days: Generated<number>;
  /** The job's screening questions, contracts/screening.ts (migration 0017); JSON text on the way in. */
  screening_questions: ColumnType<unknown, string | undefined, string>;
  /**
   * Title (weight A) and description (B) as the keyword search reads them, kept by PostgreSQL (migration 0023,
   * docs/decisions/0482). Only the search reads it: a job's other reads list their columns (JOB_COLUMNS).
   */
  search_vector: GeneratedAlways<string>;
}

export interface CvsTable {
  id: string;
  candidate_id: string;
  file_name: string;
  content_type: string;
  file_type: string;
  storage_key: string;
  size_bytes: ColumnType<number, number, number>;
  parse_status: Generated<string>;
  parsed_text: string | null;
  parse_error: string | null;
  parsed_at: NullableTimestamp;
  parse_attempts: Generated<number>;
  /** SHA-256 (hex) of the file; NULL for CVs uploaded before 0005. */
  content_sha256: string | null;
  created_at: Timestamp;
}

export interface JobApplicationsTable {
  id: string;
  candidate_id: string;
  job_id: string;
  cv_id: string | null;
  cv_file_name: string | null;
  application_status: Generated<number>;
  short_list_status: number | null;
  ready_to_work: boolean;
  landing_url: string | null;
  publisher_id: string | null;
  boost_id: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  applied_at: Timestamp;
  /** Set when the candidate withdrew it (0006); a withdrawn application stays for the employer's record. */
  withdrawn_at: NullableTimestamp;
  withdrawal_reason: string | null;
  /** Where the application came from (migration 0014, docs/decisions/0383); null before it. */
  source: string | null;
  /** Why it ended with its job (0018, docs/decisions/0410), and the request to keep it on file (0411). */
  ending_reason: 'filled' | 'closed' | null;
  keep_on_file_until: NullableTimestamp;
  keep_on_file_asked_at: NullableTimestamp;
  keep_on_file_answer: 'agreed' | 'declined' | null;
  keep_on_file_answered_at: NullableTimestamp;
  /** When the employer was reminded that it is overdue (0018, docs/decisions/0413). */
  reply_reminded_at: NullableTimestamp;
}

export interface ApplicationStatusHistoryTable {
  id: string;
  application_id: string;
  application_status: number;
  changed_at: Timestamp;
  /** The candidate's withdrawal (0006), not a status change. */
  withdrawn: Generated<boolean>;
  /** The team member who moved it (0011); null for the candidate's own entries and older moves. */
  changed_by_user_id: string | null;
  changed_by_name: string | null;
  /** The reason of an ending given when the job closed (0018). */
  reason: Generated<'filled' | 'closed' | null>;
}

export type TeamRoleColumn = 'Owner' | 'Recruiter' | 'HiringManager';

/** A person of a business's team (migration 0011); one business per person. */
export interface BusinessMembersTable {
  business_id: string;
  user_id: string;
  email: string;
  name: string | null;
  role: TeamRoleColumn;
  joined_at: Timestamp;
}

/** A member removed from a team (migration 0015): shown to them, and delivered to the identity service. */
export interface TeamRemovalsTable {
  id: string;
  business_id: string;
  business_name: string;
  user_id: string;
  removed_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  delivered_at: NullableTimestamp;
}

/** An invitation to join a business's team, until it is accepted, cancelled or expires (0011). */
export interface BusinessInvitationsTable {
  id: string;
  business_id: string;
  email: string;
  role: TeamRoleColumn;
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  sent_at: Timestamp;
  expires_at: Timestamp;
}

/** A job given to a hiring manager (0011). */
export interface JobAssignmentsTable {
  job_id: string;
  business_id: string;
  user_id: string;
}

/** The business's private note on an application (0011). */
export interface ApplicationNotesTable {
  id: string;
  application_id: string;
  author_user_id: string;
  author_name: string;
  body: string;
  created_at: Timestamp;
}

export interface DataExportsTable {
  id: string;
  candidate_id: string;
  exported_at: Timestamp;
}

export interface CvDropsTable {
  id: string;
  candidate_id: string;
  business_id: string;
  cv_id: string | null;
  cv_file_name: string | null;
  dropped_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  source: string;
  forward_attempts: Generated<number>;
  forwarded_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CvPreviewTokensTable {
  token_hash: string;
  cv_id: string;
  expires_at: Timestamp;
}

/** One status e-mail to send (migration 0007): the message is written from these ids when it goes. */
export interface StatusMailOutboxTable {
  id: Generated<number>;
  candidate_id: string;
  application_id: string;
  application_status: number;
  previous_status: number;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
  /** A status change, or the receipt of a new application (migration 0012). */
  kind: Generated<'status' | 'receipt'>;
}

/** A status e-mail taken to be sent, by business (migration 0010): the hourly budget per business counts these. */
export interface StatusMailSendsTable {
  id: Generated<number>;
  business_id: string;
  outbox_id: number;
  claimed_at: Timestamp;
}

/** A job alert (migration 0014): a business's new jobs or a saved /jobs search, for one address. */
export interface JobAlertsTable {
  id: string;
  email: string;
  business_id: string | null;
  search: string | null;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  jobs_since: NullableTimestamp;
  next_digest_at: NullableTimestamp;
}

/** One job-alert e-mail to send (migration 0014): a confirmation, or a day's digest. */
export interface JobAlertOutboxTable {
  id: Generated<number>;
  alert_id: string;
  kind: 'confirm' | 'digest';
  jobs_until: NullableTimestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  job_count: number | null;
  created_at: Timestamp;
}

/** A job-alert confirmation e-mail queued (migration 0024): the install-wide hourly cap counts these. */
export interface JobAlertConfirmSendsTable {
  id: Generated<number>;
  queued_at: Timestamp;
}

/** Fetches by crawlers, per target and crawler (migration 0014). */
export interface CrawlerFetchesTable {
  target: string;
  crawler: string;
  fetches: ColumnType<string | number, number, number>;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** A preview or download of a CV by a member of a business it was sent to (migration 0016). */
export interface CvOpeningsTable {
  id: string;
  cv_id: string;
  business_id: string;
  user_id: string;
  opened_by_name: string;
  action: 'preview' | 'download';
  opened_at: Timestamp;
}

/** One version of a job's ad and questions (migration 0017, docs/decisions/0401). JSON text on the way in. */
export interface JobVersionsTable {
  id: string;
  job_id: string;
  version: number;
  ad: ColumnType<unknown, string, string>;
  screening_questions: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** An application's receipt: the ad's version, the CV file's name and SHA-256, the answers (migration 0017). */
export interface ApplicationRecordsTable {
  application_id: string;
  job_version_id: string;
  cv_file_name: string | null;
  cv_sha256: string | null;
  answers: ColumnType<unknown, string, string>;
  applied_at: Timestamp;
}

/** Messages between employer and candidate (migration 0019, docs/decisions/0420). */
export interface ApplicationMessagesTable {
  id: string;
  application_id: string;
  sender: 'employer' | 'candidate';
  author_user_id: string | null;
  author_name: string | null;
  body: string;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface MessageTemplatesTable {
  id: string;
  business_id: string;
  name: string;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessageNoticeOutboxTable {
  id: Generated<number>;
  message_id: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CandidateDatabase {
  application_messages: ApplicationMessagesTable;
  message_templates: MessageTemplatesTable;
  message_notice_outbox: MessageNoticeOutboxTable;
  candidates: CandidatesTable;
  businesses: BusinessesTable;
  business_slug_history: BusinessSlugHistoryTable;
  jobs: JobsTable;
  cvs: CvsTable;
  job_applications: JobApplicationsTable;
  application_status_history: ApplicationStatusHistoryTable;
  cv_drops: CvDropsTable;
  contact_messages: ContactMessagesTable;
  cv_preview_tokens: CvPreviewTokensTable;
  data_exports: DataExportsTable;
  status_mail_outbox: StatusMailOutboxTable;
  status_mail_sends: StatusMailSendsTable;
  business_members: BusinessMembersTable;
  team_removals: TeamRemovalsTable;
  business_invitations: BusinessInvitationsTable;
  job_assignments: JobAssignmentsTable;
  application_notes: ApplicationNotesTable;
  job_alerts: JobAlertsTable;
  job_alert_outbox: JobAlertOutboxTable;
  job_alert_confirm_sends: JobAlertConfirmSendsTable;
  crawler_fetches: CrawlerFetchesTable;
  cv_openings: CvOpeningsTable;
  reply_reminder_outbox: ReplyReminderOutboxTable;
  job_versions: JobVersionsTable;
  application_records: ApplicationRecordsTable;
  indexnow_outbox: IndexNowOutboxTable;
}

/** A job whose public page search engines are to be told of through IndexNow (migration 0028, docs/decisions/0561). */
export interface IndexNowOutboxTable {
  id: Generated<string>;
  job_id: string;
  created_at: Generated<Date>;
  next_attempt_at: Generated<Date>;
  locked_until: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: NullableTimestamp;
}

/** The employer's reminder of overdue applications of one job (migration 0018, docs/decisions/0413). */
export interface ReplyReminderOutboxTable {
  id: Generated<number>;
  job_id: string;
  overdue_count: number;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A connection or a transaction: what every repository function takes. */
export type Db = Kysely<CandidateDatabase> | Transaction<CandidateDatabase>;
