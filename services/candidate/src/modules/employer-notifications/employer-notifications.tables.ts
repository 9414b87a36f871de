import type { ColumnType, Generated } from 'kysely';
import type { EmployerNoticeKind, NoticeDelivery } from '@careers/contracts/employer-notifications';

/* The employer notification tables (migration 0025, docs/decisions/0497), added to CandidateDatabase here. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface EmployerNotificationSettingsTable {
  business_id: string;
  user_id: string;
  new_application: NoticeDelivery;
  candidate_reply: NoticeDelivery;
  withdrawal: NoticeDelivery;
  booking_change: NoticeDelivery;
  updated_at: Timestamp;
}

export interface EmployerEventsTable {
  id: Generated<string>;
  business_id: string;
  job_id: string;
  application_id: string;
  kind: EmployerNoticeKind;
  detail: string | null;
  created_at: Timestamp;
}

export interface EmployerNoticeOutboxTable {
  id: Generated<string>;
  event_id: string;
  business_id: string;
  user_id: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmployerDigestsTable {
  business_id: string;
  user_id: string;
  /** The member's local date, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  locked_until: NullableTimestamp;
  sent_at: NullableTimestamp;
  items: number | null;
  created_at: Timestamp;
}

declare module '../../db' {
  interface CandidateDatabase {
    employer_notification_settings: EmployerNotificationSettingsTable;
    employer_events: EmployerEventsTable;
    employer_notice_outbox: EmployerNoticeOutboxTable;
    employer_digests: EmployerDigestsTable;
  }
}
