-- Retention of applications (issue 30 items 1-4, docs/decisions/0440-0443).

-- Each business's rule: its country's preset or its own period within the preset's bound (checked by the
-- service), the consent period it offers at apply (null: it does not ask), and a declared legal hold.
-- A business without a row keeps by the default preset.
create table business_retention (
  business_id uuid primary key references businesses (id) on delete cascade,
  country text not null check (country in ('DE', 'AT', 'NL', 'FR', 'UK', 'IE', 'other')),
  keep_days integer not null check (keep_days between 1 and 3650),
  pool_days integer check (pool_days between 1 and 3650),
  legal_hold_until timestamptz,
  updated_at timestamptz not null
);

-- Per application: when the final decision (Hired, Not selected) or the withdrawal came, and until when
-- the candidate agreed to be kept for other roles. Goes with the application.
create table application_retention (
  application_id uuid primary key references job_applications (id) on delete cascade,
  decided_at timestamptz,
  kept_for_roles_until timestamptz
);
create index application_retention_decided on application_retention (decided_at) where decided_at is not null;
create index application_retention_pool on application_retention (kept_for_roles_until)
  where kept_for_roles_until is not null;

-- Every status change and the withdrawal write a history row: a final one starts the clock, a move
-- back out of Hired or Not selected stops it.
create function application_retention_decided() returns trigger language plpgsql as $$
begin
  if new.withdrawn or new.application_status in (50, 255) then
    insert into application_retention (application_id, decided_at) values (new.application_id, new.changed_at)
      on conflict (application_id) do update set decided_at = excluded.decided_at;
  else
    update application_retention set decided_at = null where application_id = new.application_id;
  end if;
  return null;
end
$$;
create trigger application_retention_decided after insert on application_status_history
  for each row execute function application_retention_decided();

insert into application_retention (application_id, decided_at)
  select a.id, coalesce(a.withdrawn_at,
    (select max(h.changed_at) from application_status_history h where h.application_id = a.id), a.applied_at)
  from job_applications a
  where a.withdrawn_at is not null or a.application_status in (50, 255);

-- What was deleted and when, without personal data: the employer's console shows "deleted on" in the
-- candidate's place. The application's id is random and leads nowhere once its row is gone.
create table application_deletions (
  application_id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  job_id uuid not null references jobs (id) on delete cascade,
  reason text not null check (reason in ('retention', 'candidate')),
  deleted_at timestamptz not null
);
create index application_deletions_job on application_deletions (job_id, deleted_at desc);

-- The candidate's receipt of a deletion, a durable outbox: the row goes once the e-mail is sent.
create table deletion_receipts (
  id bigserial primary key,
  candidate_id uuid not null references candidates (id) on delete cascade,
  business_name text not null,
  job_title text not null,
  deleted_at timestamptz not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text
);
create index deletion_receipts_due on deletion_receipts (next_attempt_at);
create index deletion_receipts_candidate on deletion_receipts (candidate_id);
