-- Each time a candidate moves a booked interview the interviewer gets a new calendar invitation by e-mail
-- (docs/decisions/0533): one row per move, counted per interview (at most 3) and per candidate in the last
-- hour. The rows go with their interview (its application's deletion) or their candidate.
create table interview_moves (
  id bigserial primary key,
  interview_id uuid not null references interviews (id) on delete cascade,
  candidate_id uuid not null references candidates (id) on delete cascade,
  moved_at timestamptz not null
);
create index interview_moves_interview on interview_moves (interview_id);
create index interview_moves_candidate on interview_moves (candidate_id, moved_at);
