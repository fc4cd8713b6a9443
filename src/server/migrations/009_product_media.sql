-- 001 §2 Manage PDF images, §7 view images / rotate / resample: page images of a product PDF and
-- the durable trigger of its processing (a row per uploaded PDF, picked up again after a restart).
create table if not exists product_pdf_jobs (
  file_id bigint primary key references product_files (id) on delete cascade,
  product_id bigint not null references products (product_id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  attempts int not null default 0,
  pages int,
  pages_done int not null default 0,
  lease_owner text,
  lease_until timestamptz,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index if not exists product_pdf_jobs_open_idx on product_pdf_jobs (status) where status in ('pending', 'running');

-- The full extracted text (the document's pdf_content keeps the first 50,000 characters).
alter table product_files add column if not exists pdf_text text;
alter table product_files add column if not exists pdf_words int;

create table if not exists product_images (
  id bigserial primary key,
  product_id bigint not null references products (product_id) on delete cascade,
  file_id bigint not null references product_files (id) on delete cascade,
  -- img_document_sort: the page number, 1-based
  page int not null,
  storage_key text not null,
  thumb_key text not null,
  width int not null,
  height int not null,
  rotation int not null default 0,
  is_default boolean not null default false,
  -- the page's extracted text, kept per page so an interrupted job resumes where it stopped
  text text not null default '',
  unique (file_id, page)
);
create index if not exists product_images_product_idx on product_images (product_id, file_id, page);
