-- An interviewer's days off and the public holidays they enter (docs/decisions/0574): single days or runs of
-- days, [{ "from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "name"?: text }], at most 100 (checked by the API). No
-- slot is offered on them.
alter table interview_availability add column dates_off jsonb not null default '[]'::jsonb;
