-- Interviews (issue 28 items 2-5, docs/decisions/0430-0435): a team member's availability, the interview
-- the candidate books for their application, the e-mails with their calendar invitations, and each
-- member's private calendar feed.

-- One row per team member who set when they can interview. weekly: [{ "day": 1..7 (Monday 1), "from":
-- "09:00", "to": "17:00" }]; exceptions: [{ "date": "2027-03-29", "ranges": [{ "from", "to" }] }] (no
-- ranges: not available that day). Times are wall-clock times in time_zone (an IANA name).
create table interview_availability (
  business_id uuid not null references businesses (id) on delete cascade,
  user_id text not null,
  time_zone text not null,
  slot_minutes integer not null check (slot_minutes between 10 and 480),
  buffer_minutes integer not null check (buffer_minutes between 0 and 240),
  weekly jsonb not null,
  exceptions jsonb not null,
  location_kind text not null check (location_kind in ('address', 'phone', 'video')),
  location text not null,
  updated_at timestamptz not null,
  primary key (business_id, user_id)
);

-- An interview of one application: invited (the candidate picks a slot), booked, or cancelled. At most one
-- open (invited or booked) per application. The interviewer's name and address are kept as they were when
-- invited (for the e-mails and the calendar, even if they leave the team). sequence is the iCalendar
-- SEQUENCE of the invitation: raised by each reschedule and by the cancel.
create table interviews (
  id uuid primary key,
  application_id uuid not null references job_applications (id) on delete cascade,
  candidate_id uuid not null references candidates (id) on delete cascade,
  business_id uuid not null references businesses (id) on delete cascade,
  interviewer_user_id text not null,
  interviewer_name text not null,
  interviewer_email text not null,
  status text not null check (status in ('invited', 'booked', 'cancelled')),
  starts_at timestamptz,
  ends_at timestamptz,
  location_kind text not null,
  location text not null,
  time_zone text not null,
  sequence integer not null default 0,
  reminded_at timestamptz,
  cancelled_by text check (cancelled_by in ('candidate', 'employer')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index interviews_one_open_per_application on interviews (application_id)
  where status in ('invited', 'booked');
-- No double booking (docs/decisions/0432): one booked interview per interviewer and start time, whatever
-- the instance; bookings of one interviewer also queue on the availability row's lock.
create unique index interviews_one_booking_per_slot on interviews (interviewer_user_id, starts_at)
  where status = 'booked';
create index interviews_candidate on interviews (candidate_id);
create index interviews_interviewer on interviews (business_id, interviewer_user_id, starts_at);
create index interviews_reminder_due on interviews (starts_at) where status = 'booked' and reminded_at is null;

-- The durable outbox of the interview e-mails (docs/decisions/0433). Each row is one e-mail to one side
-- with what it says fixed when queued (the time and SEQUENCE of that moment), so a later reschedule does not
-- change an e-mail already queued; the addresses and names are read when it is sent.
create table interview_mail_outbox (
  id bigserial primary key,
  interview_id uuid not null references interviews (id) on delete cascade,
  recipient text not null check (recipient in ('candidate', 'interviewer')),
  kind text not null check (kind in ('invitation', 'booked', 'rescheduled', 'cancelled', 'reminder')),
  starts_at timestamptz,
  ends_at timestamptz,
  sequence integer not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null
);
create index interview_mail_outbox_due on interview_mail_outbox (next_attempt_at) where sent_at is null;
create index interview_mail_outbox_interview on interview_mail_outbox (interview_id);

-- A team member's private calendar feed (docs/decisions/0435): the SHA-256 of the address's token, never
-- the token. A new address replaces the old one; removing it revokes it.
create table interview_feeds (
  business_id uuid not null references businesses (id) on delete cascade,
  user_id text not null,
  token_hash text not null unique,
  created_at timestamptz not null,
  primary key (business_id, user_id)
);
