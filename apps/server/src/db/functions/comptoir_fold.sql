-- Text search, case- and accent-insensitive without the unaccent extension (PGlite has none loaded):
-- upper- and lower-case accented Latin letters folded to their base letter, then lower-cased.
--
-- Migration 0022 defines it too (its index needed it there); this file is its current text. The
-- operations search's text (ledger_entry_search, migration 0061) and its trigram index are computed
-- with it: a change here reaches the rows already written only through a migration that recomputes them.
create or replace function comptoir_fold(t text) returns text language sql immutable strict parallel safe as $$
  select lower(replace(replace(replace(replace(translate(t,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy'), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'))
$$;
