-- Issue 27 item 9: Resample makes a PDF's page images again and keeps what still applies: the
-- default page and each page's rotation, as they were, for the job to apply to the new images.
alter table product_pdf_jobs add column if not exists keep jsonb;
