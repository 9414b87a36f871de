-- Issue 29 items 2 and 3 (docs/decisions/0410-0414).

-- No silent endings (0410). A job closed from now on records when and how: 'filled' (the employer hired
-- for it) or 'closed' (closed without a decision). Jobs closed before this migration keep closed_at null
-- and are left alone: their candidates would get an outcome for a decision taken long ago.
alter table jobs add column closed_at timestamptz;
alter table jobs add column close_outcome text;
alter table jobs add constraint jobs_close_outcome check (close_outcome in ('filled', 'closed'));

-- The final outcome an open application got when its job closed: the status is SPEC's final one (Reject),
-- this is its reason. Also on the timeline entry that recorded it.
alter table job_applications add column ending_reason text;
alter table job_applications add constraint job_applications_ending_reason check (ending_reason in ('filled', 'closed'));
alter table application_status_history add column reason text;
alter table application_status_history add constraint application_status_history_reason check (reason in ('filled', 'closed'));

-- Kept on file (0411): the employer names candidates when closing; each is asked to agree, and sees until
-- when. answer null: not answered yet.
alter table job_applications add column keep_on_file_until timestamptz;
alter table job_applications add column keep_on_file_asked_at timestamptz;
alter table job_applications add column keep_on_file_answer text;
alter table job_applications add constraint job_applications_keep_answer check (keep_on_file_answer in ('agreed', 'declined'));
alter table job_applications add column keep_on_file_answered_at timestamptz;

create index jobs_closed_endings on jobs (closed_at) where closed_at is not null;

-- Reply times (0412, 0413): the job's promise, in days, set by the employer.
alter table jobs add column reply_within_days smallint not null default 14;
alter table jobs add constraint jobs_reply_within_days check (reply_within_days between 1 and 90);

-- When the employer was reminded of this overdue application (once; 0413).
alter table job_applications add column reply_reminded_at timestamptz;
create index job_applications_awaiting_reply on job_applications (applied_at)
  where application_status = 0 and withdrawn_at is null and reply_reminded_at is null;

-- The employer's reminders: one row per job and pass, sent by a worker under a lease.
create table reply_reminder_outbox (
  id bigserial primary key,
  job_id uuid not null references jobs (id) on delete cascade,
  overdue_count integer not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null
);
create index reply_reminder_outbox_due on reply_reminder_outbox (next_attempt_at) where sent_at is null;
create index reply_reminder_outbox_sent on reply_reminder_outbox (sent_at) where sent_at is not null;
