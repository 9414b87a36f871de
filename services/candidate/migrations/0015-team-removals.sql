-- A member removed from a business's team (docs/decisions/0351). The row is two things: what the console
-- tells the removed person ("You were removed from …"), and an outbox row the worker delivers to the
-- identity service, which ends the sessions that were open at the removal. Written in the removal's
-- transaction; delivered and retried by a worker; the identity service's end of it is idempotent.
create table team_removals (
  id uuid primary key,
  business_id uuid not null,
  business_name text not null,
  user_id text not null,
  removed_at timestamptz not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz
);
create index team_removals_user on team_removals (user_id, removed_at);
create index team_removals_due on team_removals (next_attempt_at) where delivered_at is null;
