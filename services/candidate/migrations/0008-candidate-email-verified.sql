-- Whether the candidate proved the e-mail address (entered the e-mailed code or followed the link):
-- employers see "E-mail not verified" on the applications of those who have not (decision 0166). The
-- identity service tells this service (account notices, and the access token's email_verified claim).
-- Candidates from before this migration cannot be told apart any more; nearly all of them entered the
-- code, so they count as proved rather than every one of them being flagged.
alter table candidates add column email_verified boolean not null default false;
update candidates set email_verified = true;
