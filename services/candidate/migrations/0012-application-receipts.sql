-- Receipts (docs/decisions/0283): the candidate's "your application was sent" e-mail goes through the status
-- e-mails' outbox, so it obeys the same switch, the same hourly budget per business and the same retries.
-- A receipt row never merges with a status row of the same application.
alter table status_mail_outbox add column kind text not null default 'status';
alter table status_mail_outbox add constraint status_mail_outbox_kind check (kind in ('status', 'receipt'));
