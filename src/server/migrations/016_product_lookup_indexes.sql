-- Scale (issue 17 item 6): lookups into a catalogue of a million products use indexes, not scans.
-- The spacey assign-copy finds a panelist's newest product (`document->'panelists' @> [...]`) and
-- company media a company's products (`document->'companies' @> [...]`); jsonb_path_ops GIN indexes
-- answer containment on those two lists.
create index if not exists products_panelists_gin on products using gin ((document -> 'panelists') jsonb_path_ops);
create index if not exists products_companies_gin on products using gin ((document -> 'companies') jsonb_path_ops);
