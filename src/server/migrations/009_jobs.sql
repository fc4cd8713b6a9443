-- Background jobs (src/server/jobs, pg-boss keeps its own tables in schema pgboss).
-- The queue job an import ran as, so the import-logs screen can show queued and failed runs.
alter table import_jobs add column if not exists queue_job_id uuid;
-- Emails stored by a queued import whose duplicate grouping is left to the grouping job.
alter table emails add column if not exists dedup_pending boolean not null default false;
create index if not exists emails_dedup_pending_idx on emails (muid) where dedup_pending;
