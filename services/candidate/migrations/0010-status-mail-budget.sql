-- Each status e-mail a worker takes to send, by the business whose move it reports: the hourly budget of
-- status e-mails per business (STATUS_MAILS_PER_BUSINESS_PER_HOUR) is counted here. A ledger of its own,
-- not the outbox: a deleted candidate or application takes its outbox rows with it, and must not give
-- the business its allowance back. Rows older than a day are removed by the worker.
create table status_mail_sends (
  id bigserial primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  outbox_id bigint not null,
  claimed_at timestamptz not null
);
create index status_mail_sends_business on status_mail_sends (business_id, claimed_at);
create index status_mail_sends_outbox on status_mail_sends (outbox_id);
