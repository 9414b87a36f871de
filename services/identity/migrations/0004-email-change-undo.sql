-- Undo links of e-mail changes: the old address is told of a change and may put itself back for a week.
-- Only the SHA-256 of the link's token is kept. While a link is live its old address stays reserved for
-- the account it came from (no one else can register it or change to it).
create table email_change_undo (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  old_email text not null,
  old_email_normalized text not null,
  new_email text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index email_change_undo_user on email_change_undo (user_id, created_at);
create index email_change_undo_old_email on email_change_undo (old_email_normalized);
