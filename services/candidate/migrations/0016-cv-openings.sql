-- Who opened a CV (issue 30 item 5, docs/decisions/0390): each preview or download of a CV by a member
-- of a business it was sent to. The candidate sees the business and the date; the business sees who.
-- The opener's name is kept as it was (a member may leave the team later). Goes with the CV, and with
-- the business.
create table cv_openings (
  id uuid primary key,
  cv_id uuid not null references cvs (id) on delete cascade,
  business_id uuid not null references businesses (id) on delete cascade,
  user_id text not null,
  opened_by_name text not null,
  action text not null check (action in ('preview', 'download')),
  opened_at timestamptz not null
);
create index cv_openings_cv on cv_openings (cv_id, business_id, opened_at);
create index cv_openings_opener on cv_openings (user_id, cv_id, action, opened_at);
