-- 001 §5 "Product Media/PDF (on add)": a new product's file uploaded before its first save waits
-- here, owned by the user who sent it, until the save that creates the product claims it.
create table if not exists staged_uploads (
  token text primary key,
  storage_key text not null,
  filename text not null default '',
  mime text not null,
  size bigint not null,
  sha256 text not null,
  kind text not null check (kind in ('pdf', 'media')),
  media_channel int,
  created_by text not null,
  created_at timestamptz not null default now()
);
