-- Which portal instance runs each active queue job (issue 31: crash safety). An instance holds a
-- session advisory lock while it lives; a job whose instance's lock is free again was left by a
-- killed process and is handed back to the queue at once, not after its expiry.
create table if not exists job_runs (
  job_id uuid primary key,
  kind text not null,
  instance integer not null,
  started_at timestamptz not null default now()
);
create index if not exists job_runs_instance_idx on job_runs (instance);
