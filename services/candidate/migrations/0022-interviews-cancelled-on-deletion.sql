-- A booked interview whose application is deleted (the candidate deleted the account or took the CV back
-- from the business, or the business's retention rule came due) leaves the interviewer's calendar
-- (docs/decisions/0436). Its cancel e-mail outlives the interview row: interview_id becomes null with it,
-- and `gone` keeps what that e-mail says, without the candidate.
alter table interview_mail_outbox alter column interview_id drop not null;
alter table interview_mail_outbox drop constraint interview_mail_outbox_interview_id_fkey;
alter table interview_mail_outbox
  add constraint interview_mail_outbox_interview_id_fkey
  foreign key (interview_id) references interviews (id) on delete set null;
alter table interview_mail_outbox add column gone jsonb;
