-- Pending second-factor enrolments: an authenticator app waiting for its first code and a passkey's
-- registration options expire within minutes and are dropped when any factor is added. Each one
-- records whether it started with the approval of a factor the customer already had (SCA
-- `factor_enrolment`): confirming one that did not, once the customer has a factor, needs strong
-- authentication then.
alter table sca_factors add column enrolment_approved boolean not null default false;
alter table customer_sessions add column webauthn_registration_approved boolean not null default false;
