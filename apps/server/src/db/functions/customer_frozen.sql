-- Whether an asset freeze holds the customer's funds (docs/screening.md#freezing-in-the-payment-paths):
-- a `customer` freeze still in force, active or with its lifting only proposed (not `lifted`: the
-- predicate of asset_freezes_customer_in_force, so one index probe). Every outgoing payment reads it
-- in the facts it already reads; it is never a name check. One definition of « in force » for every
-- path, one index probe per call.
-- In PL/pgSQL, whose statement keeps its plan across calls: an SQL function that cannot be inlined
-- (its body is a subquery) was parsed and planned again in every statement that called it.
create or replace function customer_frozen(p_customer uuid) returns boolean
  language plpgsql stable as $$
begin
  return exists (
    select 1 from asset_freezes f
     where f.customer_id = p_customer and f.subject_kind = 'customer'
       and f.status <> 'lifted');
end;
$$;
