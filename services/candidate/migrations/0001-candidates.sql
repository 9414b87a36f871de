-- One candidate per identity user. The identity service owns the account; this row owns the profile.
create table candidates (
  id uuid primary key,
  user_id text not null unique,
  name text not null,
  email text not null,
  phone_number text not null,
  postcode text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
