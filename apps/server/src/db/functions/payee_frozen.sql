-- Whether the customer's transfers to a payee are blocked (docs/screening.md#freezing-in-the-payment-paths):
-- a `beneficiary` freeze still in force for this customer and the payee's canonical IBAN (electronic
-- form, as beneficiaries and transfers store it), active or with its lifting only proposed (not
-- `lifted`: the predicate of asset_freezes_payee_in_force). Read by the transfer order and the
-- due-transfer claim; never a name check. One index probe per call.
-- In PL/pgSQL, whose statement keeps its plan across calls: an SQL function that cannot be inlined
-- (its body is a subquery) was parsed and planned again in every statement that called it.
create or replace function payee_frozen(p_customer uuid, p_iban text) returns boolean
  language plpgsql stable as $$
begin
  return exists (
    select 1 from asset_freezes f
     where f.customer_id = p_customer and f.subject_kind = 'beneficiary' and f.payee_iban = p_iban
       and f.status <> 'lifted');
end;
$$;
