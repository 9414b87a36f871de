-- Job alerts (issue 27 item 5, docs/decisions/0380): anyone subscribes to a business's new jobs or to a
-- saved /jobs search. A row is unconfirmed until its first e-mail's link is opened, and removed when that
-- does not happen before expires_at. Jobs posted after jobs_since are new to it; next_digest_at keeps it
-- to one e-mail a day. The address is the subscriber's own words: no account is needed.
create table job_alerts (
  id uuid primary key,
  email text not null,
  business_id uuid references businesses (id) on delete cascade,
  -- A /jobs search as its canonical query string (only the search's own keys, sorted).
  search text,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  expires_at timestamptz,
  jobs_since timestamptz,
  next_digest_at timestamptz,
  constraint job_alerts_target check ((business_id is null) <> (search is null))
);
create unique index job_alerts_one on job_alerts (lower(email), coalesce(business_id::text, ''), coalesce(search, ''));
create index job_alerts_due on job_alerts (next_digest_at) where confirmed_at is not null;
create index job_alerts_unconfirmed on job_alerts (expires_at) where confirmed_at is null;

-- The alerts' durable outbox (leased as every outbox, docs/decisions/0013): the confirmation e-mail, and one
-- digest row per alert and day, written by whichever instance moves the alert's next_digest_at first. The
-- digest's jobs are those posted in (alert.jobs_since, jobs_until]; none means no e-mail.
create table job_alert_outbox (
  id bigserial primary key,
  alert_id uuid not null references job_alerts (id) on delete cascade,
  kind text not null check (kind in ('confirm', 'digest')),
  jobs_until timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  job_count integer,
  created_at timestamptz not null
);
create index job_alert_outbox_due on job_alert_outbox (next_attempt_at) where sent_at is null;
create index job_alert_outbox_alert on job_alert_outbox (alert_id);

-- Feeds (issue 27 item 4, docs/decisions/0381): Last-Modified and the ETag need to know when a job last
-- changed. The application counter's own updates (migration 0004) are not a change of the job.
alter table jobs add column updated_at timestamptz;
update jobs set updated_at = created_at;
create function jobs_touch_updated_at() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.updated_at := coalesce(new.updated_at, new.created_at);
  elsif new.application_count is not distinct from old.application_count then
    new.updated_at := clock_timestamp();
  end if;
  return new;
end $$;
create trigger jobs_touch_updated_at before insert or update on jobs
  for each row execute function jobs_touch_updated_at();
-- The feeds' validators (docs/decisions/0381) read the latest change and the latest expiry from these.
create index jobs_updated on jobs (business_id, updated_at);
create index jobs_updated_all on jobs (updated_at);
create index jobs_valid_through on jobs (valid_through) where is_live;

-- Crawlers (issue 27 item 6, docs/decisions/0382): fetches of a job's pages and of the feeds, counted per
-- target and crawler in batches. target: 'job:{id}', 'feed:all', 'feed:json' or 'feed:business:{id}'.
create table crawler_fetches (
  target text not null,
  crawler text not null,
  fetches bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  primary key (target, crawler)
);

-- Sources (issue 27 item 7, docs/decisions/0383): where an application came from, from a closed set; null
-- for applications made before this column.
alter table job_applications add column source text;
create index job_applications_job_source on job_applications (job_id, applied_at);
