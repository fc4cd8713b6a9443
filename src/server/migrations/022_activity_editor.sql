-- The same user in two tabs (docs/decisions/two-editors-on-one-product.md): the product editor names its load with
-- each save, status action and upload, so a later change from another tab or window of the same user is told apart
-- from this editor's own. Null for rows without an editor (scripts, background work, other screens).
alter table activity add column if not exists editor_id text;
