-- Refresh tokens: only the SHA-256 of the opaque token is kept. A family is one login; rotation adds a
-- row to it, and presenting a rotated token revokes the whole family (reuse detection).
create table refresh_tokens (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_user on refresh_tokens (user_id);
create index refresh_tokens_family on refresh_tokens (family_id);

-- One-time codes: one row per (target e-mail, purpose); a new code overwrites the previous one.
create table one_time_codes (
  email_normalized text not null,
  purpose text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz,
  -- e-mail change: who asked, and the handle the confirm call names.
  user_id uuid references users (id) on delete cascade,
  request_id uuid unique,
  created_at timestamptz not null,
  primary key (email_normalized, purpose)
);

-- Send counters per (e-mail, purpose): one send per interval and a cap per hour, kept in the database
-- so that every instance sees the same numbers.
create table send_limits (
  email_normalized text not null,
  purpose text not null,
  last_sent_at timestamptz not null,
  window_started_at timestamptz not null,
  window_count integer not null,
  primary key (email_normalized, purpose)
);

-- Link tokens (password reset, e-mail confirmation): hashed, single use, with an expiry.
create table account_tokens (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index account_tokens_user on account_tokens (user_id, purpose);

-- Durable outbox: a message is written in the same transaction as the code or token it carries and
-- sent by the worker, which retries with backoff until the SMTP server takes it.
create table mail_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  kind text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null;
