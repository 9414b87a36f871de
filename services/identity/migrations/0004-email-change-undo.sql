-- Undo links of e-mail changes: the old address is told of a change and may put itself back for a week.
-- Only the SHA-256 of the link's token is kept.
create table email_change_undo (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  old_email text not null,
  new_email text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index email_change_undo_user on email_change_undo (user_id, created_at);
