-- When the candidate took a CV back from a business ("Delete my CV at {business}", docs/decisions/0443,
-- 0575): their CVs page says "deleted at your request on {date}" for that business. The candidate's own
-- record: it goes with the CV, the candidate or the business; the business reads none of it.
create table cv_take_backs (
  cv_id uuid not null references cvs (id) on delete cascade,
  business_id uuid not null references businesses (id) on delete cascade,
  candidate_id uuid not null references candidates (id) on delete cascade,
  taken_back_at timestamptz not null,
  primary key (cv_id, business_id)
);
create index cv_take_backs_candidate on cv_take_backs (candidate_id);
