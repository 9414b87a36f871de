-- Counted before each extraction starts, so a file that takes the process down with it is not
-- picked up again at every start: past the limit it ends as Failed.
alter table cvs add column parse_attempts integer not null default 0;
