-- Import speed (issue 6): when a file store is configured (the server, `portal import`, seeding),
-- each batch's raw messages go there as one pack file and email_raw keeps the key and byte range.
-- Sending tens of megabytes through PGlite's protocol and TOAST on the query thread, or writing
-- and syncing one file per message, were the largest import costs.
alter table email_raw add column if not exists storage_key text;
alter table email_raw add column if not exists raw_offset bigint;
alter table email_raw add column if not exists raw_length integer;
alter table email_raw alter column raw drop not null;
