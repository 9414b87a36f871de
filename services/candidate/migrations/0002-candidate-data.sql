-- Employers (design.md §5): one business per business user.
create table businesses (
  id uuid primary key,
  owner_user_id text not null unique,
  name text not null,
  city text,
  phone text,
  careers_domain text,
  image_relative_directory text not null unique,
  created_at timestamptz not null default now()
);

create table jobs (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  title text not null,
  description text not null default '',
  latitude double precision,
  longitude double precision,
  address_line1 text,
  address_line2 text,
  city text,
  state text,
  region text,
  postcode text,
  is_live boolean not null default true,
  part_time boolean not null default false,
  full_time boolean not null default true,
  job_type smallint not null default 1,
  remote boolean not null default false,
  salary_rate_type smallint not null default 0,
  salary_amount double precision,
  salary_negotiable boolean not null default false,
  salary_currency text,
  salary_from double precision,
  salary_to double precision,
  created_at timestamptz not null default now()
);
create index jobs_business_idx on jobs (business_id, created_at desc);

-- CV files live in the blob store under storage_key (random); file_name is only for display.
create table cvs (
  id uuid primary key,
  candidate_id uuid not null references candidates (id) on delete cascade,
  file_name text not null,
  content_type text not null,
  file_type text not null,
  storage_key text not null unique,
  size_bytes bigint not null,
  parse_status text not null default 'Pending',
  parsed_text text,
  parse_error text,
  parsed_at timestamptz,
  created_at timestamptz not null default now()
);
create index cvs_candidate_idx on cvs (candidate_id, created_at desc);

-- The file name is copied so an application still names its CV after the CV is deleted.
create table job_applications (
  id uuid primary key,
  candidate_id uuid not null references candidates (id) on delete cascade,
  job_id uuid not null references jobs (id) on delete cascade,
  cv_id uuid references cvs (id) on delete set null,
  cv_file_name text,
  application_status smallint not null default 0,
  short_list_status smallint,
  ready_to_work boolean not null,
  landing_url text,
  publisher_id text,
  boost_id text,
  utm_source text,
  utm_campaign text,
  applied_at timestamptz not null default now(),
  -- design.md §3: one application per candidate and job, even under concurrent requests.
  constraint job_applications_one_per_job unique (candidate_id, job_id)
);
create index job_applications_candidate_idx on job_applications (candidate_id, applied_at desc);
create index job_applications_job_idx on job_applications (job_id, applied_at desc);

create table application_status_history (
  id uuid primary key,
  application_id uuid not null references job_applications (id) on delete cascade,
  application_status smallint not null,
  changed_at timestamptz not null default now()
);
create index application_status_history_idx on application_status_history (application_id, changed_at desc);

create table cv_drops (
  id uuid primary key,
  candidate_id uuid not null references candidates (id) on delete cascade,
  business_id uuid not null references businesses (id) on delete cascade,
  cv_id uuid references cvs (id) on delete set null,
  cv_file_name text,
  dropped_at timestamptz not null default now()
);
create index cv_drops_candidate_idx on cv_drops (candidate_id, dropped_at desc);
create index cv_drops_business_idx on cv_drops (business_id, dropped_at desc);

-- Contact messages double as their own outbox: forwarded_at stays null until the e-mail went out.
create table contact_messages (
  id uuid primary key,
  user_id text not null,
  name text not null,
  phone text not null,
  email text not null,
  message text not null,
  source text not null,
  forward_attempts integer not null default 0,
  forwarded_at timestamptz,
  created_at timestamptz not null default now()
);
create index contact_messages_user_idx on contact_messages (user_id);

-- Short-lived links that let an iframe (which cannot send a bearer token) load a CV preview.
create table cv_preview_tokens (
  token_hash text primary key,
  cv_id uuid not null references cvs (id) on delete cascade,
  expires_at timestamptz not null
);
