-- Status e-mails (issue 12 item 14). On for every candidate unless they turn them off (account page or
-- the unsubscribe link in any such e-mail).
alter table candidates add column status_emails boolean not null default true;

-- The durable outbox: a row is written in the transaction that moves the application, and a worker sends
-- it. The message is written from these ids when it is sent (the address and words as they are then), so
-- the table holds no address or text. previous_status is what the candidate was last told: a change back
-- to it before the row went out removes the row.
create table status_mail_outbox (
  id bigserial primary key,
  candidate_id uuid not null references candidates (id) on delete cascade,
  application_id uuid not null references job_applications (id) on delete cascade,
  application_status smallint not null,
  previous_status smallint not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null
);
create index status_mail_outbox_due on status_mail_outbox (next_attempt_at) where sent_at is null;
create index status_mail_outbox_application on status_mail_outbox (application_id) where sent_at is null;
create index status_mail_outbox_candidate on status_mail_outbox (candidate_id);
create index status_mail_outbox_sent on status_mail_outbox (sent_at) where sent_at is not null;
