-- Accounts of every portal type. Roles are kept as text so that a new role needs no migration.
create table users (
  id uuid primary key,
  email text not null,
  email_normalized text not null unique,
  name text not null,
  phone text not null,
  roles text[] not null,
  password_hash text,
  email_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
