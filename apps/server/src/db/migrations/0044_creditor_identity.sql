-- One creditor, one mandate (docs/direct-debits.md). ISO 7064 mod 97-10 accepts two spellings of a
-- Creditor Identifier's check digits (00, 01, 99 for 97, 98, 02), so a creditor is now its country
-- and national identifier alone, without check digits nor business code (`FR72ZZZ123456` →
-- `FR123456`), and a mandate reference is matched trimmed and in upper case. The identifiers stored
-- in their other spelling take their proper check digits.

-- The proper check digits of a well-formed identifier: 00 → 97, 01 → 98, 99 → 02.
create function pg_temp.proper_creditor_id(ci text) returns text language sql immutable as $$
  select case substr(ci, 3, 2)
           when '00' then overlay(ci placing '97' from 3 for 2)
           when '01' then overlay(ci placing '98' from 3 for 2)
           when '99' then overlay(ci placing '02' from 3 for 2)
           else ci
         end
$$;

drop index direct_debit_mandates_identity;

update direct_debit_mandates
   set creditor_id = pg_temp.proper_creditor_id(creditor_id),
       creditor_key = substr(creditor_id, 1, 2) || substr(creditor_id, 8);

-- Mandates that were one under two spellings: the first recorded is the mandate. Its collections
-- gather there (so its revocation, caps and counts hold for all of them), it keeps the latest
-- collection, and the later rows end, set apart from the identity.
create temporary table direct_debit_mandate_merges as
select m.id as duplicate_id, first_value(m.id) over same as mandate_id,
       row_number() over same as rank
  from direct_debit_mandates m
window same as (partition by m.account_id, m.creditor_key, upper(btrim(m.reference))
                order by m.created_at, m.id);
delete from direct_debit_mandate_merges where rank = 1;

update direct_debit_collections c
   set mandate_id = g.mandate_id
  from direct_debit_mandate_merges g
 where c.mandate_id = g.duplicate_id;

update direct_debit_mandates m
   set last_collection_at = (select max(d.last_collection_at) from direct_debit_mandates d
                              where d.id = m.id
                                 or d.id in (select duplicate_id from direct_debit_mandate_merges
                                              where mandate_id = m.id))
 where m.id in (select mandate_id from direct_debit_mandate_merges);

update direct_debit_mandates m
   set status = case when m.status = 'revoked' then 'revoked' else 'ended' end,
       creditor_key = m.creditor_key || ' merged into ' || g.mandate_id
  from direct_debit_mandate_merges g
 where m.id = g.duplicate_id;

create unique index direct_debit_mandates_identity
  on direct_debit_mandates (account_id, creditor_key, upper(btrim(reference)));

update direct_debit_settings
   set allowed_creditor_ids = array(select pg_temp.proper_creditor_id(ci)
                                      from unnest(allowed_creditor_ids) with ordinality as l(ci, n)
                                     order by n),
       blocked_creditor_ids = array(select pg_temp.proper_creditor_id(ci)
                                      from unnest(blocked_creditor_ids) with ordinality as l(ci, n)
                                     order by n);

drop table direct_debit_mandate_merges;
drop function pg_temp.proper_creditor_id(text);
