import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  phone: string;
  roles: string[];
  password_hash: string | null;
  email_confirmed_at: Timestamp | null;
  // Defaulted by the database; Timestamp already makes them optional on insert.
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface OneTimeCodesTable {
  email_normalized: string;
  purpose: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  user_id: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export interface SendLimitsTable {
  email_normalized: string;
  purpose: string;
  last_sent_at: Timestamp;
  window_started_at: Timestamp;
  window_count: number;
}

export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  /** Subject and bodies are null once sent, or once what they carry expired unsent (migration 0003). */
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  kind: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  user_id: string | null;
}

export interface EmailChangeUndoTable {
  id: string;
  user_id: string;
  old_email: string;
  old_email_normalized: string;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AccountEventsTable {
  id: string;
  user_id: string;
  kind: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
}

export interface IdentityDatabase {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  send_limits: SendLimitsTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
  email_change_undo: EmailChangeUndoTable;
  account_events: AccountEventsTable;
}

/** The database or a transaction: repository functions take either as their first argument. */
export type Db = Kysely<IdentityDatabase>;
