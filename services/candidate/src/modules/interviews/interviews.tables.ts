import type { ColumnType, Generated } from 'kysely';

/*
 * The interview tables (migration 0020), added to CandidateDatabase from this module's own file so that the
 * module stays in one folder (docs/decisions/0430).
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A team member's interview availability (migration 0020, docs/decisions/0430). */
export interface InterviewAvailabilityTable {
  business_id: string;
  user_id: string;
  time_zone: string;
  slot_minutes: number;
  buffer_minutes: number;
  weekly: ColumnType<WeeklyRange[], string, string>;
  exceptions: ColumnType<DateException[], string, string>;
  /** Days off and public holidays (migration 0029, docs/decisions/0574). */
  dates_off: ColumnType<DateOff[], string | undefined, string>;
  location_kind: string;
  location: string;
  updated_at: Timestamp;
}
export interface WeeklyRange {
  day: number;
  from: string;
  to: string;
}
export interface DateOff {
  from: string;
  to: string;
  name?: string;
}
export interface DateException {
  date: string;
  ranges: { from: string; to: string }[];
}

/** An application's interview: invited, booked or cancelled (migration 0020). */
export interface InterviewsTable {
  id: string;
  application_id: string;
  candidate_id: string;
  business_id: string;
  interviewer_user_id: string;
  interviewer_name: string;
  interviewer_email: string;
  status: 'invited' | 'booked' | 'cancelled';
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  location_kind: string;
  location: string;
  time_zone: string;
  sequence: Generated<number>;
  reminded_at: NullableTimestamp;
  cancelled_by: 'candidate' | 'employer' | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * What the interviewer's cancel e-mail says when the interview's application was deleted (docs/decisions/
 * 0436): the interview as it was, nothing of the candidate.
 */
export interface GoneInterview {
  interviewId: string;
  interviewerName: string;
  interviewerEmail: string;
  jobTitle: string;
  businessName: string;
  locationKind: string;
  location: string;
  timeZone: string;
}

export interface InterviewMailOutboxTable {
  id: Generated<number>;
  /** Null once the interview is deleted with its application; `gone` then says what the e-mail needs. */
  interview_id: string | null;
  gone: ColumnType<GoneInterview | null, string | null | undefined, string | null>;
  recipient: 'candidate' | 'interviewer';
  kind: 'invitation' | 'booked' | 'rescheduled' | 'cancelled' | 'reminder';
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  sequence: number;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface InterviewFeedsTable {
  business_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
}

/** One move of a booked interview by its candidate (migration 0027, docs/decisions/0533). */
export interface InterviewMovesTable {
  id: Generated<number>;
  interview_id: string;
  candidate_id: string;
  moved_at: Timestamp;
}

declare module '../../db' {
  interface CandidateDatabase {
    interview_availability: InterviewAvailabilityTable;
    interviews: InterviewsTable;
    interview_mail_outbox: InterviewMailOutboxTable;
    interview_feeds: InterviewFeedsTable;
    interview_moves: InterviewMovesTable;
  }
}
