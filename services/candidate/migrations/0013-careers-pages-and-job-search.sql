-- Careers pages (issue 27 item 1, docs/decisions/0370): each business has a slug, unique, made from its name
-- (a clash gets the start of the business's id as a suffix), and a short "about us" in its own words. A
-- changed slug keeps the old one here so that /careers/{old} answers 301 to the new one.
alter table businesses add column slug text;
alter table businesses add column about text not null default '';
with named as (
  select id, created_at,
    left(trim(both '-' from regexp_replace(
      translate(lower(name), 'àáâãäåāçčćèéêëēěìíîïīñńòóôõöøōùúûüūýÿžšřłß', 'aaaaaaaccceeeeeeiiiiinnoooooooouuuuuyyzsrls'),
      '[^a-z0-9]+', '-', 'g')), 60) as base
  from businesses
), ranked as (
  select id, base, row_number() over (partition by base order by created_at, id) as n from named
)
update businesses b
set slug = case
  when char_length(r.base) < 3 or r.n > 1
    or r.base in ('admin', 'api', 'apply', 'assets', 'careers', 'edit', 'employer', 'feeds', 'jobs', 'new',
                  'search', 'settings', 'sitemap', 'static', 'www')
  then trim(both '-' from r.base || '-' || left(replace(b.id::text, '-', ''), 8))
  else r.base end
from ranked r
where r.id = b.id;
alter table businesses alter column slug set not null;
create unique index businesses_slug on businesses (slug);
alter table businesses add constraint businesses_about_length check (char_length(about) <= 2000);

create table business_slug_history (
  slug text primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  replaced_at timestamptz not null default now()
);
create index business_slug_history_business on business_slug_history (business_id);

-- Every job has an expiry (issue 27 item 3, docs/decisions/0371): the employer sets it, 60 days after
-- posting by default. A job past it takes no application, as a closed one. Jobs posted before this get
-- 60 days from now (from their posting date they could all close at once, unannounced).
alter table jobs add column valid_through timestamptz;
update jobs set valid_through = greatest(created_at, now()) + interval '60 days';
alter table jobs alter column valid_through set not null;
alter table jobs alter column valid_through set default now() + interval '60 days';
-- The job's country (ISO 3166-1 alpha-2) for the JSON-LD's addressCountry; null: the install's country.
alter table jobs add column country text;
alter table jobs add constraint jobs_country_check check (country ~ '^[A-Z]{2}$');

-- The job search (issue 27 item 2, docs/decisions/0372): full-text search over title (weight A) and
-- description (B) through a GIN index on the expression the query repeats word for word (no stored
-- column, so every other read of a job stays as it was). Open jobs newest first come from a partial index.
create index jobs_search on jobs using gin (
  (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B'))
);
create index jobs_open_newest on jobs (created_at desc, id desc) where is_live;
