-- Import throughput (issue 10 item 6): the four 16-bit simhash bands are expression indexes on
-- emails instead of rows of email_simhash_bands. The table cost four rows, four key entries and four
-- foreign-key checks per imported email; an index entry per band is all the lookup needs. Band i is
-- bits 16i..16i+15 of the hash (the arithmetic shift of a negative hash only fills bits the mask drops).
create index if not exists emails_simhash_band0_idx on emails ((simhash & 65535)) where simhash is not null;
create index if not exists emails_simhash_band1_idx on emails (((simhash >> 16) & 65535)) where simhash is not null;
create index if not exists emails_simhash_band2_idx on emails (((simhash >> 32) & 65535)) where simhash is not null;
create index if not exists emails_simhash_band3_idx on emails (((simhash >> 48) & 65535)) where simhash is not null;
drop table if exists email_simhash_bands;
