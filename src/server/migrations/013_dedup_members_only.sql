-- Import throughput (issue 10 item 6): a dedup group's members are listed in dedup_members only.
-- emails.dedup_group_id repeated them, and setting it after the insert rewrote every grouped email
-- row (a non-HOT update: new entries in all of emails' indexes, the search GIN index included, and a
-- dead row PGlite never vacuums) on every batch.
drop index if exists emails_dedup_group_idx;
alter table emails drop column if exists dedup_group_id;
