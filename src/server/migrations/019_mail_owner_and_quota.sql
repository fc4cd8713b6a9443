-- Issue 26 (mail): a forward belongs to its creator; attachment uploads reserve their room in the
-- database before streaming (complete = false while the bytes arrive); sends are logged per user
-- for the send rate.
alter table forwarded_emails add column if not exists owner_id integer references auth_users (user_id) on delete set null;
update forwarded_emails f set owner_id = u.user_id from auth_users u where f.owner_id is null and lower(u.username) = lower(f.created_by);

alter table forward_attachments add column if not exists owner_id integer references auth_users (user_id) on delete set null;
update forward_attachments a set owner_id = u.user_id from auth_users u where a.owner_id is null and lower(u.username) = lower(a.created_by);
-- A reservation (complete = false) holds its room while its upload streams; see forward/reserveUpload.ts.
alter table forward_attachments add column if not exists complete boolean not null default true;
alter table forward_attachments alter column size type bigint;

create table if not exists mail_sends (
  id bigserial primary key,
  user_id integer not null references auth_users (user_id) on delete cascade,
  sent_at timestamptz not null default now(),
  recipients integer not null
);
create index if not exists mail_sends_user_idx on mail_sends (user_id, sent_at);
