-- Email dashboards (000 §2-§4): search-form columns denormalised from the panelist, the flags,
-- and a maintained counts table so list totals over a million emails stay fast.

-- Panelist country, state and owner type copied onto the email at insert: the search form filters
-- on them for every search (country defaults to US), and a join per list query would not scale.
alter table emails add column if not exists panelist_country text;
alter table emails add column if not exists panelist_state integer;
alter table emails add column if not exists panelist_owner smallint;
-- Reviewer flags (C, EN, N, RL, TC, TL, AE, PO, HR, RE; producer ID, PT, PN).
alter table emails add column if not exists flags text[] not null default '{}';

create index if not exists emails_flags_idx on emails using gin (flags);
create index if not exists emails_read_date_idx on emails (deleted, email_read, email_date desc, muid desc);

create or replace function emails_fill_panelist() returns trigger language plpgsql as $$
begin
  if new.panelist_id is not null and (tg_op = 'INSERT' or new.panelist_id is distinct from old.panelist_id) then
    select p.country, p."stateID", p.owner_type into new.panelist_country, new.panelist_state, new.panelist_owner
      from panelists p where p.panelist_id = new.panelist_id;
  end if;
  return new;
end $$;

-- An email without a parseable Date header is dated when it was received (imported): otherwise
-- PostgreSQL's descending order puts every undated email at the top of every dashboard.
create or replace function emails_fill_date() returns trigger language plpgsql as $$
begin
  if new.email_date is null then new.email_date := coalesce(new.imported_at, now()); end if;
  return new;
end $$;
drop trigger if exists emails_fill_date_trg on emails;
create trigger emails_fill_date_trg before insert on emails for each row execute function emails_fill_date();
update emails set email_date = imported_at where email_date is null;

drop trigger if exists emails_fill_panelist_trg on emails;
create trigger emails_fill_panelist_trg before insert or update of panelist_id on emails
  for each row execute function emails_fill_panelist();

update emails e set panelist_country = p.country, panelist_state = p."stateID", panelist_owner = p.owner_type
  from panelists p where p.panelist_id = e.panelist_id and e.panelist_country is null;

-- Emails per (panelist type, status, read mark), kept current by statement-level triggers: the
-- unfiltered dashboard total is a sum of a few rows instead of a count over the table.
create table if not exists email_counts (
  panelist_type text not null default '',
  deleted smallint not null,
  email_read smallint not null,
  n bigint not null default 0,
  primary key (panelist_type, deleted, email_read)
);

create or replace function emails_count_ins() returns trigger language plpgsql as $$
begin
  insert into email_counts (panelist_type, deleted, email_read, n)
  select coalesce(panelist_type, ''), deleted, email_read, count(*) from new_rows group by 1, 2, 3
  on conflict (panelist_type, deleted, email_read) do update set n = email_counts.n + excluded.n;
  return null;
end $$;

create or replace function emails_count_del() returns trigger language plpgsql as $$
begin
  insert into email_counts (panelist_type, deleted, email_read, n)
  select coalesce(panelist_type, ''), deleted, email_read, -count(*) from old_rows group by 1, 2, 3
  on conflict (panelist_type, deleted, email_read) do update set n = email_counts.n + excluded.n;
  return null;
end $$;

create or replace function emails_count_upd() returns trigger language plpgsql as $$
begin
  insert into email_counts (panelist_type, deleted, email_read, n)
  select t, d, r, sum(c) from (
    select coalesce(panelist_type, '') t, deleted d, email_read r, -1 c from old_rows
    union all
    select coalesce(panelist_type, ''), deleted, email_read, 1 from new_rows) x
  group by 1, 2, 3 having sum(c) <> 0
  on conflict (panelist_type, deleted, email_read) do update set n = email_counts.n + excluded.n;
  return null;
end $$;

drop trigger if exists emails_count_ins_trg on emails;
create trigger emails_count_ins_trg after insert on emails referencing new table as new_rows
  for each statement execute function emails_count_ins();
drop trigger if exists emails_count_del_trg on emails;
create trigger emails_count_del_trg after delete on emails referencing old table as old_rows
  for each statement execute function emails_count_del();
drop trigger if exists emails_count_upd_trg on emails;
create trigger emails_count_upd_trg after update on emails referencing old table as old_rows new table as new_rows
  for each statement execute function emails_count_upd();

delete from email_counts;
insert into email_counts (panelist_type, deleted, email_read, n)
  select coalesce(panelist_type, ''), deleted, email_read, count(*) from emails group by 1, 2, 3;
