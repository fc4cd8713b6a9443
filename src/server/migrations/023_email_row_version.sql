-- A version per email row, raised by every update of it, so a client holding two answers about one row
-- (a list read before a status change was stored, and the change's own answer) keeps the newer one
-- whatever order they arrived in (src/api/hooks/newestRows.ts).
alter table emails add column if not exists row_version integer not null default 0;

create or replace function emails_row_version() returns trigger language plpgsql as $$
begin
  new.row_version := old.row_version + 1;
  return new;
end $$;

drop trigger if exists emails_row_version on emails;
create trigger emails_row_version before update on emails for each row execute function emails_row_version();
