-- Issue 10: each email carries its panelist's flags (000 §2: producer ID, PT, PN; otherwise C, EN,
-- N, RL, TC, TL, AE, PO, HR, RE). The panelist holds them; the email gets a copy at insert (and
-- when its panelist changes), as it gets the panelist's country, state and owner type.
alter table panelists add column if not exists flags text[] not null default '{}';

create or replace function emails_fill_panelist() returns trigger language plpgsql as $$
begin
  if new.panelist_id is not null and (tg_op = 'INSERT' or new.panelist_id is distinct from old.panelist_id) then
    select p.country, p."stateID", p.owner_type, case when cardinality(new.flags) > 0 then new.flags else p.flags end
      into new.panelist_country, new.panelist_state, new.panelist_owner, new.flags
      from panelists p where p.panelist_id = new.panelist_id;
    new.flags := coalesce(new.flags, '{}');
  end if;
  return new;
end $$;
