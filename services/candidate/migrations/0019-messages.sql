-- Messages between employer and candidate (issue 28 item 1, docs/decisions/0420-0424). One thread per
-- application: the employer writes (any team member with access to the application), the candidate
-- replies. Plain text, at most 5,000 characters. The messages go with the application (cascade), and so
-- with the candidate's account and with the business.
create table application_messages (
  id uuid primary key,
  application_id uuid not null references job_applications (id) on delete cascade,
  sender text not null check (sender in ('employer', 'candidate')),
  -- The team member who wrote it, and their name as it was then (they may leave the team); null for the candidate.
  author_user_id text,
  author_name text,
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null,
  -- When the other side first read it (the candidate, or any member of the business); null: unread.
  read_at timestamptz
);
create index application_messages_thread on application_messages (application_id, created_at);
create index application_messages_unread on application_messages (application_id, sender) where read_at is null;

-- The business's message templates, with the fields {candidateName}, {jobTitle} and {businessName} filled
-- in when a message is sent.
create table message_templates (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (business_id, name)
);

-- The durable outbox of the candidate's "a message is waiting" e-mails (docs/decisions/0422): one row when
-- a thread goes from read to unread, sent once under a lease; the address and names are read when it is
-- sent, and it is dropped if the candidate read the message first or turned status e-mails off.
create table message_notice_outbox (
  id bigserial primary key,
  message_id uuid not null references application_messages (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null
);
create index message_notice_outbox_due on message_notice_outbox (next_attempt_at) where sent_at is null;
create index message_notice_outbox_message on message_notice_outbox (message_id);
