-- Where the work is done (issue 12 item 4): on-site, hybrid or remote. `remote` stays (product.md §3's
-- field, and the JSON-LD's TELECOMMUTE): it is true exactly when the workplace is 'Remote'.
alter table jobs add column workplace text not null default 'OnSite';
update jobs set workplace = 'Remote' where remote;
alter table jobs add constraint jobs_workplace_check check (workplace in ('OnSite', 'Hybrid', 'Remote'));
alter table jobs add constraint jobs_workplace_remote_check check (remote = (workplace = 'Remote'));
