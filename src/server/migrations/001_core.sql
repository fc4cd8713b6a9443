-- Activity log: every state change writes a row (who, what, when, before/after).
create table if not exists activity (
  id bigserial primary key,
  at timestamptz not null default now(),
  user_id integer,
  username text,
  entity text not null,
  entity_id text not null,
  action text not null,
  before jsonb,
  after jsonb
);
create index if not exists activity_entity_idx on activity (entity, entity_id, at desc);
