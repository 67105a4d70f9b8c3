-- Operators enrol themselves: an admin invites an address, the invited operator chooses their own
-- password and enrols their own authenticator app through a mailed link; a TOTP reset mails a link
-- to enrol a new app. The admin never sees either secret.

-- An invited operator has neither factor yet; after a TOTP reset, `totp_secret_sealed` holds the
-- secret offered on the enrolment page until a code confirms it (`totp_confirmed_at`).
alter table operators alter column password_hash drop not null;
alter table operators alter column totp_secret_sealed drop not null;
alter table operators add column totp_confirmed_at timestamptz;
-- When the operator last became active: enrolment completed, or reactivated. A checker counts for
-- four eyes only on what was made after this moment.
alter table operators add column activated_at timestamptz;
update operators set totp_confirmed_at = created_at, activated_at = created_at;
alter table operators add constraint operators_active_enrolled
  check (activated_at is null or password_hash is not null);
alter table operators add constraint operators_confirmed_secret
  check (totp_confirmed_at is null or totp_secret_sealed is not null);

-- Enrolment links: only the token's HMAC is kept; single use, until `expires_at`; a newer link for
-- the same operator voids the older ones.
create table operator_enrolment_links (
  token_hash text primary key,
  operator_id uuid not null references operators (id) on delete cascade,
  purpose text not null check (purpose in ('invitation', 'totp_reset')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  voided_at timestamptz
);
create index operator_enrolment_links_operator on operator_enrolment_links (operator_id, created_at desc);
