-- A business is a team: members with a role each, invitations by e-mail, hiring managers' jobs, notes on
-- applications, and who moved an application. The creator of each business so far is its first owner.
create table business_members (
  business_id uuid not null references businesses (id) on delete cascade,
  user_id text not null,
  email text not null,
  name text,
  role text not null check (role in ('Owner', 'Recruiter', 'HiringManager')),
  joined_at timestamptz not null default now(),
  primary key (business_id, user_id)
);
-- The console shows one business: a person belongs to at most one.
create unique index business_members_one_business on business_members (user_id);

insert into business_members (business_id, user_id, email, name, role, joined_at)
  select id, owner_user_id, '', null, 'Owner', created_at from businesses;

create table business_invitations (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  email text not null,
  role text not null check (role in ('Owner', 'Recruiter', 'HiringManager')),
  token_hash text not null,
  invited_by text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null,
  expires_at timestamptz not null
);
create unique index business_invitations_one_per_address on business_invitations (business_id, lower(email));
create index business_invitations_email on business_invitations (lower(email));

-- The jobs a hiring manager sees; they go with the membership.
create table job_assignments (
  job_id uuid not null references jobs (id) on delete cascade,
  business_id uuid not null,
  user_id text not null,
  primary key (job_id, user_id),
  foreign key (business_id, user_id) references business_members (business_id, user_id) on delete cascade
);
create index job_assignments_member on job_assignments (business_id, user_id);

-- Notes are the business's own: never shown to the candidate, never in the candidate's export.
create table application_notes (
  id uuid primary key,
  application_id uuid not null references job_applications (id) on delete cascade,
  author_user_id text not null,
  author_name text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index application_notes_application on application_notes (application_id, created_at desc);

-- Who moved it (null: the candidate, or a move from before teams); the name as it was then.
alter table application_status_history add column changed_by_user_id text;
alter table application_status_history add column changed_by_name text;
