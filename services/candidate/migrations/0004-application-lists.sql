-- Page 1 of an application (or job) list comes straight off an index in the list's own order (newest first,
-- then id), so it reads one page of rows however long the list grows: no sort of the whole list.
drop index job_applications_candidate_idx;
create index job_applications_candidate_idx on job_applications (candidate_id, applied_at desc, id);
drop index job_applications_job_idx;
create index job_applications_job_idx on job_applications (job_id, applied_at desc, id);
drop index jobs_business_idx;
create index jobs_business_idx on jobs (business_id, created_at desc, id);

-- The total of the employer's paged list. A popular job gathers far more applications than a person
-- makes, and counting them on every page read grows with them; this count moves with each row instead.
alter table jobs add column application_count integer not null default 0;
update jobs set application_count = (select count(*) from job_applications a where a.job_id = jobs.id);

create function job_applications_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update jobs set application_count = application_count + 1 where id = new.job_id;
  else
    update jobs set application_count = application_count - 1 where id = old.job_id;
  end if;
  return null;
end
$$;

create trigger job_applications_count after insert or delete on job_applications
  for each row execute function job_applications_count();
