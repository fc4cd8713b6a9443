-- Facts about this installation (e.g. whether the demo data was loaded on first start).
create table if not exists portal_meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
