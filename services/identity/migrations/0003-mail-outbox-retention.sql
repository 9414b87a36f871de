-- Sent e-mails keep only what operations need (to whom, what kind, when, how many tries): their subject
-- and bodies, which carry codes and link tokens, are dropped once sent, and an unsent message's are
-- dropped once what it carries has expired (expires_at). Rows go with their account (user_id).
alter table mail_outbox alter column subject drop not null;
alter table mail_outbox alter column text_body drop not null;
alter table mail_outbox alter column html_body drop not null;
alter table mail_outbox add column expires_at timestamptz;
alter table mail_outbox add column user_id uuid references users (id) on delete cascade;
update mail_outbox set subject = null, text_body = null, html_body = null where sent_at is not null;
-- Messages written before this migration: the longest lifetime of anything they can carry (24 h).
update mail_outbox set expires_at = created_at + interval '24 hours' where sent_at is null;
update mail_outbox set user_id = users.id from users where users.email_normalized = lower(trim(mail_outbox.to_address));
create index mail_outbox_user on mail_outbox (user_id);
