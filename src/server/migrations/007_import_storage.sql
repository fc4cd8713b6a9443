-- Import speed (issue 6): PGlite compresses TOASTed values with pglz on the one thread that also
-- runs every query, and no faster method is built in. The raw message, attachment bytes and bodies
-- are stored out of line without compression: more disk, a markedly faster import.
alter table email_raw alter column raw set storage external;
alter table email_attachments alter column content set storage external;
alter table emails alter column text_body set storage external;
alter table emails alter column html_body set storage external;
