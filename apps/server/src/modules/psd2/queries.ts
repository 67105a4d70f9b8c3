import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import type { Approach } from './approach.ts';
import { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from '../../ledger/index.ts';
import type { ConsentScope, Psd2ConsentStatus, PspRole } from '@comptoir/contracts';

// --- The sandbox's certificate authority ---------------------------------------------------------

export async function sandboxAuthority(
  q: Queryable,
): Promise<{ certificate: string; private_key_sealed: string } | null> {
  const { rows } = await q.query<{ certificate: string; private_key_sealed: string }>(
    `select certificate, private_key_sealed from psd2_sandbox_authority`,
  );
  return rows[0] ?? null;
}

/** Keeps the first authority made: a concurrent first start loses its own and reads the winner's. */
export async function insertSandboxAuthority(
  q: Queryable,
  certificate: string,
  privateKeySealed: string,
  now: Date,
): Promise<void> {
  await q.query(
    `insert into psd2_sandbox_authority (certificate, private_key_sealed, created_at) values ($1, $2, $3)
     on conflict (id) do nothing`,
    [certificate, privateKeySealed, now],
  );
}

// --- TPPs ------------------------------------------------------------------------------------------

export interface TppRow {
  id: string;
  organisation_id: string;
  name: string;
  authority_id: string;
  roles: PspRole[];
  first_seen_at: Date;
  last_seen_at: Date;
  blocked_at: Date | null;
  blocked_reason: string | null;
}

const TPP_COLUMNS = `id, organisation_id, name, authority_id, roles, first_seen_at, last_seen_at, blocked_at, blocked_reason`;

/**
 * Records a call of the TPP its certificate names: created at its first call, its name and roles
 * as the certificate says now. The last call is written at most once a minute per TPP, so that a
 * busy TPP's calls do not all write its row.
 */
export async function touchTpp(
  q: Queryable,
  tpp: { organisationId: string; name: string; authorityId: string; roles: PspRole[] },
  now: Date,
): Promise<TppRow> {
  const { rows: known } = await q.query<TppRow>(
    `select ${TPP_COLUMNS} from psd2_tpps
      where organisation_id = $1 and name = $2 and authority_id = $3 and roles = $4::text[]
        and last_seen_at > $5::timestamptz - interval '1 minute'`,
    [tpp.organisationId, tpp.name, tpp.authorityId, tpp.roles, now],
  );
  if (known[0]) return known[0];
  const { rows } = await q.query<TppRow>(
    `insert into psd2_tpps (organisation_id, name, authority_id, roles, first_seen_at, last_seen_at)
     values ($1, $2, $3, $4, $5, $5)
     on conflict (organisation_id) do update
       set name = excluded.name, authority_id = excluded.authority_id, roles = excluded.roles,
           last_seen_at = greatest(psd2_tpps.last_seen_at, excluded.last_seen_at)
     returning ${TPP_COLUMNS}`,
    [tpp.organisationId, tpp.name, tpp.authorityId, tpp.roles, now],
  );
  return rows[0] as TppRow;
}

export async function listTpps(q: Queryable): Promise<(TppRow & { active_consents: number })[]> {
  const { rows } = await q.query<TppRow & { active_consents: number }>(
    `select ${TPP_COLUMNS.split(', ')
      .map((c) => `t.${c}`)
      .join(', ')},
            (select count(*)::int from psd2_consents c where c.tpp_id = t.id and c.status = 'valid') as active_consents
       from psd2_tpps t order by t.last_seen_at desc, t.id`,
  );
  return rows;
}

export async function blockTpp(
  q: Queryable,
  id: string,
  operatorId: string,
  reason: string,
  now: Date,
): Promise<'blocked' | 'already' | 'unknown'> {
  const { rows } = await q.query<{ blocked_at: Date | null }>(
    `select blocked_at from psd2_tpps where id = $1 for update`,
    [id],
  );
  if (!rows[0]) return 'unknown';
  if (rows[0].blocked_at) return 'already';
  await q.query(`update psd2_tpps set blocked_at = $2, blocked_by = $3, blocked_reason = $4 where id = $1`, [
    id,
    now,
    operatorId,
    reason,
  ]);
  return 'blocked';
}

// --- Consents --------------------------------------------------------------------------------------

export interface ConsentRow {
  id: string;
  tpp_id: string;
  customer_id: string | null;
  kind: 'accounts' | 'availableAccounts' | 'allPsd2' | 'fundsConfirmation';
  scopes: ConsentScope[];
  requested_ibans: string[];
  scope_ibans: { balances: string[]; transactions: string[] } | null;
  account_ids: string[];
  recurring: boolean;
  valid_until: string;
  frequency_per_day: number;
  status: Psd2ConsentStatus;
  created_at: Date;
  granted_at: Date | null;
  sca_at: Date | null;
  last_access_at: Date | null;
  ended_at: Date | null;
}

const CONSENT_COLUMNS = `c.id, c.tpp_id, c.customer_id, c.kind, c.scopes, c.requested_ibans, c.scope_ibans,
  c.account_ids::text[] as account_ids, c.recurring, c.valid_until::text as valid_until,
  c.frequency_per_day, c.status, c.created_at, c.granted_at, c.sca_at, c.last_access_at, c.ended_at`;

export async function insertConsent(
  q: Queryable,
  consent: {
    tppId: string;
    kind: ConsentRow['kind'];
    scopes: ConsentScope[];
    requestedIbans: string[];
    scopeIbans: { balances: string[]; transactions: string[] } | null;
    recurring: boolean;
    validUntil: string;
    frequencyPerDay: number;
    requestId: string;
  },
  now: Date,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into psd2_consents (tpp_id, kind, scopes, requested_ibans, recurring, valid_until,
                                frequency_per_day, request_id, created_at, scope_ibans)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      consent.tppId,
      consent.kind,
      consent.scopes,
      consent.requestedIbans,
      consent.recurring,
      consent.validUntil,
      consent.frequencyPerDay,
      consent.requestId,
      now,
      consent.scopeIbans === null ? null : JSON.stringify(consent.scopeIbans),
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** One consent of one TPP (another TPP's is unknown to it). */
export async function tppConsent(
  q: Queryable,
  tppId: string,
  consentId: string,
  lock = false,
): Promise<ConsentRow | null> {
  const { rows } = await q.query<ConsentRow>(
    `select ${CONSENT_COLUMNS} from psd2_consents c where c.id = $1 and c.tpp_id = $2${lock ? ' for update' : ''}`,
    [consentId, tppId],
  );
  return rows[0] ?? null;
}

/** A consent by its id, for the page its authorisation leads to. */
export async function consentById(q: Queryable, consentId: string, lock = false): Promise<ConsentRow | null> {
  const { rows } = await q.query<ConsentRow>(
    `select ${CONSENT_COLUMNS} from psd2_consents c where c.id = $1${lock ? ' for update' : ''}`,
    [consentId],
  );
  return rows[0] ?? null;
}

/** One consent of one customer, locked. */
export async function lockCustomerConsent(
  q: Queryable,
  customerId: string,
  consentId: string,
): Promise<ConsentRow | null> {
  const { rows } = await q.query<ConsentRow>(
    `select ${CONSENT_COLUMNS} from psd2_consents c where c.id = $1 and c.customer_id = $2 for update`,
    [consentId, customerId],
  );
  return rows[0] ?? null;
}

export async function customerConsents(
  q: Queryable,
  customerId: string,
): Promise<(ConsentRow & { tpp_name: string; organisation_id: string })[]> {
  const { rows } = await q.query<ConsentRow & { tpp_name: string; organisation_id: string }>(
    `select ${CONSENT_COLUMNS}, t.name as tpp_name, t.organisation_id
       from psd2_consents c join psd2_tpps t on t.id = c.tpp_id
      where c.customer_id = $1 and c.status <> 'received'
      order by (c.status = 'valid') desc, coalesce(c.granted_at, c.created_at) desc, c.id`,
    [customerId],
  );
  return rows;
}

export async function setConsentStatus(
  q: Queryable,
  consentId: string,
  status: Psd2ConsentStatus,
  now: Date,
): Promise<void> {
  await q.query(
    `update psd2_consents set status = $2::text, ended_at = case when $2::text = 'valid' then null else $3::timestamptz end where id = $1`,
    [consentId, status, now],
  );
}

/** The consent is granted (or its strong authentication renewed) by `customerId` on `accountIds`. */
export async function grantConsent(
  q: Queryable,
  consentId: string,
  customerId: string,
  accountIds: bigint[],
  now: Date,
): Promise<void> {
  await q.query(
    `update psd2_consents
        set status = 'valid', customer_id = $2, account_ids = $3::bigint[], sca_at = $4,
            granted_at = coalesce(granted_at, $4), ended_at = null
      where id = $1`,
    [consentId, customerId, accountIds.map(String), now],
  );
}

/**
 * Ends the other valid recurring consents of the same kind, TPP and customer (a new one replaces
 * them: NextGenPSD2 IG §6.3.1.1): account information, or funds confirmation on the same account.
 * Returns their ids.
 */
export async function terminatePreviousConsents(
  q: Queryable,
  consent: { id: string; tppId: string; customerId: string; fundsAccountId: bigint | null },
  now: Date,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `update psd2_consents set status = 'terminatedByTpp', ended_at = $4
      where tpp_id = $2 and customer_id = $3 and id <> $1 and status = 'valid' and recurring
        and (kind = 'fundsConfirmation') = ($5::bigint is not null)
        and ($5::bigint is null or account_ids = array[$5::bigint])
      returning id`,
    [
      consent.id,
      consent.tppId,
      consent.customerId,
      now,
      consent.fundsAccountId === null ? null : String(consent.fundsAccountId),
    ],
  );
  return rows.map((r) => r.id);
}

export async function markConsentAccessed(q: Queryable, consentId: string, now: Date): Promise<void> {
  await q.query(`update psd2_consents set last_access_at = greatest(last_access_at, $2) where id = $1`, [
    consentId,
    now,
  ]);
}

/**
 * Counts one unattended call of a consent on an account and endpoint for a day, and returns the
 * count with it: one statement, so that concurrent calls each see their own number.
 */
export async function countUnattendedCall(
  q: Queryable,
  key: { consentId: string; accountId: bigint; endpoint: string; day: string },
): Promise<number> {
  const { rows } = await q.query<{ calls: number }>(
    `insert into psd2_access_counts (consent_id, account_id, endpoint, day, calls) values ($1, $2, $3, $4, 1)
     on conflict (consent_id, account_id, endpoint, day) do update set calls = psd2_access_counts.calls + 1
     returning calls`,
    [key.consentId, String(key.accountId), key.endpoint, key.day],
  );
  return (rows[0] as { calls: number }).calls;
}

// --- Authorisations --------------------------------------------------------------------------------

export interface AuthorisationRow {
  id: string;
  /** What it authorises: a consent or a payment, never both. */
  consent_id: string | null;
  payment_id: string | null;
  /** The customer decides in the app (no redirect); `customer_id` is set once the PSU-ID is resolved. */
  decoupled: boolean;
  status: 'received' | 'finalised' | 'failed';
  redirect_uri: string | null;
  nok_redirect_uri: string | null;
  customer_id: string | null;
  created_at: Date;
  expires_at: Date;
}

export async function insertAuthorisation(
  q: Queryable,
  a: { consentId?: string; paymentId?: string; approach: Approach; expiresAt: Date },
  now: Date,
): Promise<string> {
  const { approach } = a;
  const { rows } = await q.query<{ id: string }>(
    `insert into psd2_authorisations (consent_id, payment_id, redirect_uri, nok_redirect_uri, decoupled, psu_id,
        created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      a.consentId ?? null,
      a.paymentId ?? null,
      approach.decoupled ? null : approach.redirectUri,
      approach.decoupled ? null : approach.nokRedirectUri,
      approach.decoupled,
      approach.decoupled ? approach.psuId : null,
      now,
      a.expiresAt,
    ],
  );
  return (rows[0] as { id: string }).id;
}

export async function findAuthorisation(
  q: Queryable,
  id: string,
  lock = false,
): Promise<AuthorisationRow | null> {
  const { rows } = await q.query<AuthorisationRow>(
    `select id, consent_id, payment_id, decoupled, status, redirect_uri, nok_redirect_uri, customer_id, created_at,
            expires_at
       from psd2_authorisations where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The authorisations of a consent or of a payment, oldest first. */
export async function authorisationsOf(
  q: Queryable,
  subject: { consentId: string } | { paymentId: string },
): Promise<Pick<AuthorisationRow, 'id' | 'status' | 'expires_at'>[]> {
  const { rows } = await q.query<Pick<AuthorisationRow, 'id' | 'status' | 'expires_at'>>(
    `select id, status, expires_at from psd2_authorisations
      where ${'consentId' in subject ? 'consent_id' : 'payment_id'} = $1 order by created_at, id`,
    ['consentId' in subject ? subject.consentId : subject.paymentId],
  );
  return rows;
}

export async function decideAuthorisation(
  q: Queryable,
  id: string,
  status: 'finalised' | 'failed',
  customerId: string | null,
  now: Date,
): Promise<void> {
  await q.query(
    `update psd2_authorisations set status = $2, customer_id = coalesce($3, customer_id), decided_at = $4 where id = $1`,
    [id, status, customerId, now],
  );
}

export async function tppByOrganisation(q: Queryable, organisationId: string): Promise<TppRow | null> {
  const { rows } = await q.query<TppRow>(`select ${TPP_COLUMNS} from psd2_tpps where organisation_id = $1`, [
    organisationId,
  ]);
  return rows[0] ?? null;
}

export async function tppOf(q: Queryable, tppId: string): Promise<TppRow | null> {
  const { rows } = await q.query<TppRow>(`select ${TPP_COLUMNS} from psd2_tpps where id = $1`, [tppId]);
  return rows[0] ?? null;
}

// --- Accounts and transactions ---------------------------------------------------------------------

export interface Psd2AccountRow {
  id: string;
  iban: string;
  name: string;
  posted_balance: Cents;
  pending_debits: Cents;
  overdraft_limit: Cents;
}

/** The customer's open payment accounts (those with an IBAN), optionally only `ids`. */
export async function paymentAccounts(
  q: Queryable,
  customerId: string,
  ids?: string[],
): Promise<Psd2AccountRow[]> {
  const { rows } = await q.query<Psd2AccountRow>(
    `select id::text as id, iban, name, posted_balance, pending_debits, overdraft_limit
       from ledger_accounts
      where customer_id = $1 and iban is not null and status = 'open'
        and ($2::bigint[] is null or id = any($2::bigint[]))
      order by id`,
    [customerId, ids ?? null],
  );
  return rows.map((r) => ({
    ...r,
    posted_balance: BigInt(r.posted_balance) as Cents,
    pending_debits: BigInt(r.pending_debits) as Cents,
    overdraft_limit: BigInt(r.overdraft_limit) as Cents,
  }));
}

export interface Psd2TransactionRow {
  entry_id: string;
  status: 'pending' | 'posted';
  amount: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  description: string | null;
  booking_date: string | null;
  value_date: string | null;
  tpp_name: string | null;
}

const TRANSACTION_COLUMNS = `e.id::text as entry_id, e.status, p.amount::text as amount,
  ${COUNTERPARTY_NAME} as counterparty_name, ${COUNTERPARTY_IBAN} as counterparty_iban,
  e.reference, e.description,
  case when e.status = 'posted' then to_char(e.posted_at at time zone 'Europe/Paris', 'YYYY-MM-DD') end as booking_date,
  case when e.status = 'posted'
       then coalesce(e.value_date::text, to_char(e.posted_at at time zone 'Europe/Paris', 'YYYY-MM-DD')) end as value_date,
  e.metadata->>'psd2Tpp' as tpp_name`;

/**
 * An account's transactions for the interface, newest entry first: booked (posted) and/or pending
 * (the debit of a reserved entry), keyed by the ledger entry's id, which does not change when a
 * pending entry books. `from` and `to` bound the Paris day it was booked (or, pending, made). Paged
 * by entry id below `beforeEntryId`, walking the account's postings index: a page costs its own
 * rows, however long the history. Only the filters asked for are written into the statement, so
 * that the planner sees each as it is.
 */
export async function accountTransactions(
  q: Queryable,
  accountId: bigint,
  filter: {
    booked: boolean;
    pending: boolean;
    from: string | null;
    to: string | null;
    beforeEntryId: string | null;
    limit: number;
  },
): Promise<Psd2TransactionRow[]> {
  const params: unknown[] = [String(accountId), filter.limit];
  const param = (value: unknown) => `$${params.push(value)}`;
  const statuses = [
    ...(filter.booked ? ["e.status = 'posted'"] : []),
    ...(filter.pending ? ["(e.status = 'pending' and p.amount < 0)"] : []),
  ];
  const day = `coalesce(p.entry_posted_at, p.entry_created_at)`;
  const where = [
    'p.account_id = $1',
    `(${statuses.join(' or ') || 'false'})`,
    ...(filter.from
      ? [`${day} >= (${param(filter.from)}::date)::timestamp at time zone 'Europe/Paris'`]
      : []),
    ...(filter.to ? [`${day} < (${param(filter.to)}::date + 1)::timestamp at time zone 'Europe/Paris'`] : []),
    ...(filter.beforeEntryId ? [`p.entry_id < ${param(filter.beforeEntryId)}::bigint`] : []),
  ];
  const { rows } = await q.query<Psd2TransactionRow>(
    `select ${TRANSACTION_COLUMNS}
       from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where ${where.join(' and ')}
      order by p.entry_id desc
      limit $2`,
    params,
  );
  return rows;
}

export async function accountTransaction(
  q: Queryable,
  accountId: bigint,
  entryId: string,
): Promise<Psd2TransactionRow | null> {
  if (!/^\d{1,18}$/.test(entryId)) return null;
  const { rows } = await q.query<Psd2TransactionRow>(
    `select ${TRANSACTION_COLUMNS}
       from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where p.account_id = $1 and p.entry_id = $2
        and (e.status = 'posted' or (e.status = 'pending' and p.amount < 0))`,
    [String(accountId), entryId],
  );
  return rows[0] ?? null;
}

/**
 * This TPP's funds-confirmation consent on the account with `iban`: the valid one, else the latest, with the
 * account's money and whether the customer's funds are frozen. Another customer's IBAN or none:
 * null, like no consent.
 */
export async function fundsConsentFor(
  q: Queryable,
  tppId: string,
  iban: string,
): Promise<
  | (ConsentRow & {
      account_open: boolean;
      posted_balance: string;
      pending_debits: string;
      overdraft_limit: string;
      frozen: boolean;
    })
  | null
> {
  const { rows } = await q.query<
    ConsentRow & {
      account_open: boolean;
      posted_balance: string;
      pending_debits: string;
      overdraft_limit: string;
      frozen: boolean;
    }
  >(
    `select ${CONSENT_COLUMNS}, a.status = 'open' as account_open, a.posted_balance::text as posted_balance,
            a.pending_debits::text as pending_debits, a.overdraft_limit::text as overdraft_limit,
            customer_frozen(c.customer_id) as frozen
       from psd2_consents c
       join ledger_accounts a on a.id = any(c.account_ids) and a.customer_id = c.customer_id
      where c.tpp_id = $1 and c.kind = 'fundsConfirmation' and a.iban = $2
      order by (c.status = 'valid') desc, c.created_at desc, c.id desc
      limit 1`,
    [tppId, iban],
  );
  return rows[0] ?? null;
}

/** Deletes the daily counters of days before `keepFrom` (they limit nothing any more); returns how many. */
export async function deleteAccessCountsBefore(q: Queryable, keepFrom: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `with gone as (delete from psd2_access_counts where day < $1::date returning 1) select count(*)::int as n from gone`,
    [keepFrom],
  );
  return rows[0]?.n ?? 0;
}
