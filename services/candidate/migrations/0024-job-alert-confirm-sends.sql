-- Each job-alert confirmation e-mail queued, install-wide: the hourly cap JOB_ALERT_CONFIRMATIONS_PER_HOUR
-- (docs/decisions/0493) counts these across instances. A ledger of its own, not the outbox: an expired or
-- stopped alert takes its outbox rows with it and must not give the allowance back. Rows past the hour are
-- removed by the next sign-up.
create table job_alert_confirm_sends (
  id bigserial primary key,
  queued_at timestamptz not null
);
create index job_alert_confirm_sends_queued on job_alert_confirm_sends (queued_at);
