-- Text columns of the email list sort case-insensitively (issue 28 item 7: 're: ...' no longer
-- precedes 'A...'): the list orders by lower(column), and these indexes give each status branch of
-- the list query its ordered walk, as emails_deleted_date_idx does for the date.
create index if not exists emails_deleted_subject_ci_idx on emails (deleted, lower(email_subject), muid);
create index if not exists emails_deleted_from_one_ci_idx on emails (deleted, lower(email_from_one), muid);
