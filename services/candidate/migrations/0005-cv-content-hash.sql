-- The same bytes from the same candidate are one CV (issue 12 item 8): the SHA-256 of the file, unique per
-- candidate. CVs uploaded before this have no hash (NULLs are distinct, so they never collide).
alter table cvs add column content_sha256 text;
create unique index cvs_candidate_content_idx on cvs (candidate_id, content_sha256);
