-- Issue 11: sign-in throttle counters kept in the database (several portal instances share them).
-- key is 'pair:<username>|<address>', 'addr:<address>' or 'user:<username>'; every attempt is
-- counted before the password is checked, in one atomic upsert, so parallel guesses cannot pass.
create table if not exists auth_throttle (
  key text primary key,
  failures integer not null,
  last_at timestamptz not null,
  allowed boolean not null default true
);
create index if not exists auth_throttle_last_idx on auth_throttle (last_at);

-- A generated first password must be changed at first sign-in; scrypt parameters live in the hash.
alter table auth_users add column if not exists must_change_password boolean not null default false;

drop table if exists auth_login_failures;
