-- A business's legal hold outlasts the candidate's own deletions (docs/decisions/0494). A CV the candidate
-- deletes while a business holding it is under a hold leaves their list at once but keeps its row and file
-- for that business: deleted_at says so. A deleted account with held applications keeps its candidate row,
-- signed out for good (its user_id is replaced), until the last hold ends: account_deleted_at says so.
alter table cvs add column deleted_at timestamptz;
alter table candidates add column account_deleted_at timestamptz;

-- The same bytes are one CV among those the candidate keeps; a deleted CV kept for a hold is not one of them.
drop index cvs_candidate_content_idx;
create unique index cvs_candidate_content_idx on cvs (candidate_id, content_sha256) where deleted_at is null;
create index cvs_deleted_idx on cvs (deleted_at) where deleted_at is not null;
create index candidates_account_deleted_idx on candidates (account_deleted_at) where account_deleted_at is not null;
