-- Issue 29 items 1 and 4 (docs/decisions/0400-0403).

-- Screening questions (0400): the job's questions as the employer wrote them (contracts/screening.ts),
-- shown on the apply form with every requirement. Never used to refuse an application.
alter table jobs add column screening_questions jsonb not null default '[]';

-- The ad as it was (0401): one row per version of a job's ad (its words, facts and questions), written when
-- the employer creates or changes the job, and at an application if the job changed some other way.
create table job_versions (
  id uuid primary key,
  job_id uuid not null references jobs (id) on delete cascade,
  version integer not null,
  ad jsonb not null,
  screening_questions jsonb not null,
  created_at timestamptz not null,
  constraint job_versions_one_number unique (job_id, version)
);

-- The receipt of each application sent from now on (0401): the version of the ad it was sent to, the CV
-- file's name and SHA-256, the answers. Goes with the application (and so with the candidate's account).
create table application_records (
  application_id uuid primary key references job_applications (id) on delete cascade,
  job_version_id uuid not null references job_versions (id),
  cv_file_name text,
  cv_sha256 text,
  answers jsonb not null,
  applied_at timestamptz not null
);
create index application_records_version on application_records (job_version_id);
