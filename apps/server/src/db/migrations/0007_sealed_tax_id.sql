-- The tax identification number is stored sealed (AES-256-GCM, purpose key `customer-tax-id`, the
-- customer id as associated data): it is never searched, only shown to an operator. The key lives
-- with the application, so rows written in plaintext by earlier versions are sealed by the server
-- at start (modules/customers/tax-id.ts), which empties `tax_id`. From now on `tax_id` may only be
-- written empty: NOT VALID checks new and updated rows, not the ones still waiting to be sealed.
alter table customers add column tax_id_sealed text;
alter table customers add constraint customers_tax_id_sealed_only check (tax_id is null) not valid;
