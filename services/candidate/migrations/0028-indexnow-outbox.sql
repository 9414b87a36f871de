-- IndexNow (docs/decisions/0561): search engines that accept it are told a job's public page is new, changed or
-- closed. A trigger queues the job in the change's own transaction, so a ping goes for a committed change only
-- and no path that changes a job (the form, the close, an owner's deletion) can forget it; the worker posts
-- after the commit, leasing rows as the other outboxes do. One row waits per job: changes made before it is
-- posted share it. The last posted row of a job stays: the console shows when engines were last told.
create table indexnow_outbox (
  id bigserial primary key,
  job_id uuid not null references jobs (id) on delete cascade,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  attempts integer not null default 0,
  last_error text,
  sent_at timestamptz
);
create unique index indexnow_outbox_waiting on indexnow_outbox (job_id) where sent_at is null;
create index indexnow_outbox_due on indexnow_outbox (next_attempt_at) where sent_at is null;

create function jobs_queue_indexnow() returns trigger language plpgsql as $$
begin
  insert into indexnow_outbox (job_id) values (new.id)
    on conflict (job_id) where sent_at is null do nothing;
  return null;
end $$;

create trigger jobs_queue_indexnow_insert after insert on jobs
  for each row when (new.is_live) execute function jobs_queue_indexnow();
-- What the public page shows; the application counter, updated_at and the search vector are not a change of it.
create trigger jobs_queue_indexnow_update after update on jobs
  for each row when (
    (old.is_live or new.is_live) and (
      old.is_live, old.title, old.description, old.city, old.region, old.state, old.postcode, old.address_line1,
      old.address_line2, old.latitude, old.longitude, old.workplace, old.remote, old.job_type, old.part_time,
      old.full_time, old.salary_rate_type, old.salary_amount, old.salary_negotiable, old.salary_currency,
      old.salary_from, old.salary_to, old.valid_through, old.country
    ) is distinct from (
      new.is_live, new.title, new.description, new.city, new.region, new.state, new.postcode, new.address_line1,
      new.address_line2, new.latitude, new.longitude, new.workplace, new.remote, new.job_type, new.part_time,
      new.full_time, new.salary_rate_type, new.salary_amount, new.salary_negotiable, new.salary_currency,
      new.salary_from, new.salary_to, new.valid_through, new.country
    )
  ) execute function jobs_queue_indexnow();
