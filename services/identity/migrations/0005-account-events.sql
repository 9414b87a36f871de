-- Notices other services must receive about accounts (the candidate service removes a deleted user's
-- data). Written in the same transaction as the change, delivered and retried by a worker.
create table account_events (
  id uuid primary key,
  user_id text not null,
  kind text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null
);
create index account_events_due on account_events (next_attempt_at) where delivered_at is null;
