-- Issue 12 item 15: a candidate withdraws an application, with an optional reason for the employer. The
-- status stays one of the employer's seven (product.md §3); withdrawn_at says the candidate left.
alter table job_applications add column withdrawn_at timestamptz;
alter table job_applications add column withdrawal_reason text;

-- One open application per candidate and job, still decided by the database under a race; a withdrawn one
-- stays as it was (the employer keeps its record) and no longer stands in the way of applying again.
alter table job_applications drop constraint job_applications_one_per_job;
create unique index job_applications_one_open_per_job on job_applications (candidate_id, job_id) where withdrawn_at is null;

-- The timeline's entry for the withdrawal: application_status is the status the application had then.
alter table application_status_history add column withdrawn boolean not null default false;

-- Issue 12 item 16: each data export, counted for its hourly limit (rows older than a day are removed
-- when the candidate exports again).
create table data_exports (
  id uuid primary key,
  candidate_id uuid not null references candidates (id) on delete cascade,
  exported_at timestamptz not null default now()
);
create index data_exports_candidate_idx on data_exports (candidate_id, exported_at);
