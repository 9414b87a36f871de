-- What the employer hears of (docs/decisions/0497): each member's choice per kind (no row: the defaults),
-- the events that happened to applications, the e-mails sent at once (an outbox, one row per member and
-- event, sent once under a lease), and one row per member and day for the daily digest (sent once across
-- instances). All of it goes with the membership, the job and the application.
create table employer_notification_settings (
  business_id uuid not null,
  user_id text not null,
  new_application text not null check (new_application in ('instant', 'digest', 'off')),
  candidate_reply text not null check (candidate_reply in ('instant', 'digest', 'off')),
  withdrawal text not null check (withdrawal in ('instant', 'digest', 'off')),
  booking_change text not null check (booking_change in ('instant', 'digest', 'off')),
  updated_at timestamptz not null,
  primary key (business_id, user_id),
  foreign key (business_id, user_id) references business_members (business_id, user_id) on delete cascade
);

create table employer_events (
  id bigserial primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  job_id uuid not null references jobs (id) on delete cascade,
  application_id uuid not null references job_applications (id) on delete cascade,
  kind text not null check (kind in ('newApplication', 'candidateReply', 'withdrawal', 'bookingChange')),
  -- A booking change: booked, moved or cancelled.
  detail text,
  created_at timestamptz not null
);
create index employer_events_business on employer_events (business_id, created_at);
create index employer_events_application on employer_events (application_id);

create table employer_notice_outbox (
  id bigserial primary key,
  event_id bigint not null references employer_events (id) on delete cascade,
  business_id uuid not null,
  user_id text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null,
  foreign key (business_id, user_id) references business_members (business_id, user_id) on delete cascade
);
create index employer_notice_outbox_due on employer_notice_outbox (next_attempt_at) where sent_at is null;
create index employer_notice_outbox_event on employer_notice_outbox (event_id);

-- The member's local date: the row's insert is the claim, so one instance sends that day's digest.
create table employer_digests (
  business_id uuid not null,
  user_id text not null,
  day date not null,
  locked_until timestamptz,
  sent_at timestamptz,
  -- How many lines it held; 0: nothing waited, no e-mail.
  items integer,
  created_at timestamptz not null,
  primary key (user_id, day),
  foreign key (business_id, user_id) references business_members (business_id, user_id) on delete cascade
);
