-- Strong customer authentication: second factors (TOTP apps and passkeys), the SCA lock, and the
-- login's second step.

-- A customer's second factors. A TOTP factor is created pending (`confirmed_at` null) when the
-- customer asks to enrol and becomes active once they type a first right code; its secret is sealed
-- (AES-256-GCM, purpose key `customer-totp`, the factor id as associated data) and `last_totp_step`
-- refuses a code's step twice. A passkey holds the WebAuthn credential (id, COSE public key, both
-- base64url; signature counter; transports) and is active from its registration.
create table sca_factors (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id) on delete cascade,
  type text not null check (type in ('totp', 'passkey')),
  name text not null,
  totp_secret_sealed text,
  last_totp_step bigint,
  credential_id text unique,
  public_key text,
  counter bigint not null default 0,
  transports jsonb,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  last_used_at timestamptz,
  check (type <> 'totp' or totp_secret_sealed is not null),
  check (type <> 'passkey' or (credential_id is not null and public_key is not null and confirmed_at is not null))
);
create index sca_factors_customer on sca_factors (customer_id, created_at);
-- At most one TOTP enrolment waiting for its first code per customer.
create unique index sca_factors_one_pending_totp on sca_factors (customer_id)
  where type = 'totp' and confirmed_at is null;

-- Consecutive wrong codes or assertions (SCA challenges and the login's second step together);
-- the 5th locks strong authentication for 15 minutes.
alter table customers add column sca_failures integer not null default 0;
alter table customers add column sca_locked_until timestamptz;

-- A session opened by a right password for a customer with a second factor waits in stage
-- 'second_factor' until the factor is given; only the second-factor call and logout accept it.
-- `webauthn_challenge` is the pending WebAuthn challenge of this session (passkey registration, or
-- the login's second step), single use.
alter table customer_sessions add column stage text not null default 'active'
  check (stage in ('second_factor', 'active'));
alter table customer_sessions add column webauthn_challenge text;
alter table customer_sessions add column webauthn_challenge_expires_at timestamptz;

-- Adding a second factor when the customer already has one needs a strong confirmation with an
-- existing one (whoever holds a session alone cannot bind their own device to the account).
alter table sca_challenges drop constraint sca_challenges_action_check;
alter table sca_challenges add constraint sca_challenges_action_check
  check (action in ('transfer', 'beneficiary', 'card_reveal', 'factor_removal', 'factor_enrolment'));
