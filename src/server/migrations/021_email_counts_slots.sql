-- Status changes no longer queue behind each other on one email_counts row. Each total (panelist
-- type, status, read mark) was a single row that every status change's statement trigger upserted
-- and kept locked until its transaction committed, so concurrent status changes ran one at a time
-- (a lock convoy: under load each waited seconds, holding a pooled connection every other request
-- needed). Now each total is spread over 16 slots, a connection adding to the slot of its backend,
-- and read as the sum of its slots (countEmails, rawData), which no change or reader has to lock.
alter table email_counts add column if not exists slot smallint not null default 0;
alter table email_counts drop constraint if exists email_counts_pkey;
alter table email_counts add constraint email_counts_pkey primary key (panelist_type, deleted, email_read, slot);

-- Rows are upserted in key order, so two changes sharing a slot lock its rows in the same order.
create or replace function emails_count_ins() returns trigger language plpgsql as $$
begin
  insert into email_counts (panelist_type, deleted, email_read, slot, n)
  select coalesce(panelist_type, ''), deleted, email_read, pg_backend_pid() % 16, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
  on conflict (panelist_type, deleted, email_read, slot) do update set n = email_counts.n + excluded.n;
  return null;
end $$;

create or replace function emails_count_del() returns trigger language plpgsql as $$
begin
  insert into email_counts (panelist_type, deleted, email_read, slot, n)
  select coalesce(panelist_type, ''), deleted, email_read, pg_backend_pid() % 16, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
  on conflict (panelist_type, deleted, email_read, slot) do update set n = email_counts.n + excluded.n;
  return null;
end $$;

create or replace function emails_count_upd() returns trigger language plpgsql as $$
begin
  insert into email_counts (panelist_type, deleted, email_read, slot, n)
  select t, d, r, pg_backend_pid() % 16, sum(c) from (
    select coalesce(panelist_type, '') t, deleted d, email_read r, -1 c from old_rows
    union all
    select coalesce(panelist_type, ''), deleted, email_read, 1 from new_rows) x
  group by 1, 2, 3 having sum(c) <> 0 order by 1, 2, 3
  on conflict (panelist_type, deleted, email_read, slot) do update set n = email_counts.n + excluded.n;
  return null;
end $$;

delete from email_counts;
insert into email_counts (panelist_type, deleted, email_read, slot, n)
  select coalesce(panelist_type, ''), deleted, email_read, 0, count(*) from emails group by 1, 2, 3;
