import { CARD_CHANNEL_LIST } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { COUNTERPARTY_IBAN, COUNTERPARTY_NAME } from '../../ledger/index.ts';

/**
 * What the bank holds about one customer, for their own export (GDPR art. 15 and 20). Every
 * statement is filtered by the acting customer, and names its columns: no secret (password hash,
 * card number or CVV, second-factor secret or key, session token) is ever selected. Columns come out
 * under their export names; `plain()` in the service turns bigints and dates into JSON.
 */
export type ExportRow = Record<string, unknown>;

/**
 * The export's reads see one snapshot (the first statement of their transaction): an operation booked
 * meanwhile is in both the balances and the operations, or in neither.
 */
export async function useOneSnapshot(q: Queryable): Promise<void> {
  await q.query('set transaction isolation level repeatable read, read only');
}

const many = async (q: Queryable, sql: string, params: readonly unknown[]): Promise<ExportRow[]> =>
  (await q.query<ExportRow>(sql, params)).rows;

/** Identity, contact, status and dates. The tax number stays sealed here; the service opens it. */
export async function exportProfile(q: Queryable, customerId: string): Promise<ExportRow | null> {
  const { rows } = await q.query<ExportRow>(
    `select customer_number as "customerNumber", email, pending_email as "pendingEmail",
            email_verified_at as "emailVerifiedAt", status, account_type as "accountType",
            gender, first_name as "firstName", last_name as "lastName", birth_date::text as "birthDate",
            phone, address, postal_code as "postalCode", city, residence_country as "residenceCountry",
            profession, income_range as "incomeRange", tax_country as "taxCountry",
            tax_id_sealed as "taxIdSealed", tax_id as "taxIdPlain",
            created_at as "createdAt", updated_at as "updatedAt", closed_at as "closedAt"
       from customers where id = $1`,
    [customerId],
  );
  return rows[0] ?? null;
}

/** The customer's ledger accounts (main account and Espaces), balances as booked. */
export const exportAccounts = (q: Queryable, customerId: string) =>
  many(
    q,
    `select a.id::text as "id", a.kind, a.name, a.iban, a.currency, a.status,
            a.posted_balance as "postedBalance", a.pending_debits as "pendingDebits",
            a.overdraft_limit as "overdraftLimit", a.created_at as "createdAt",
            s.goal as "spaceGoal"
       from ledger_accounts a left join spaces s on s.account_id = a.id and s.customer_id = $1
      where a.customer_id = $1
      order by a.id`,
    [customerId],
  );

/**
 * One page of one of the customer's accounts' postings, oldest first, after the cursor
 * (entry id, posting id). The account must be the customer's: another's yields nothing.
 */
export const exportPostingsPage = (
  q: Queryable,
  f: { customerId: string; accountId: string; afterEntryId: bigint; afterPostingId: bigint; limit: number },
) =>
  many(
    q,
    `select p.id as "postingId", p.entry_id as "entryId", a.id::text as "accountId", a.iban as "accountIban",
            e.number, e.kind, e.status, p.amount, p.balance_after as "balanceAfter",
            ${COUNTERPARTY_NAME} as "counterpartyName", ${COUNTERPARTY_IBAN} as "counterpartyIban",
            e.reference, e.description, e.created_at as "createdAt", e.posted_at as "postedAt",
            e.voided_at as "voidedAt", e.value_date::text as "valueDate"
       from ledger_postings p
       join ledger_accounts a on a.id = p.account_id and a.customer_id = $1
       join ledger_entries e on e.id = p.entry_id
      where p.account_id = $2::bigint and (p.entry_id, p.id) > ($3::bigint, $4::bigint)
      order by p.entry_id, p.id
      limit $5`,
    [f.customerId, f.accountId, f.afterEntryId, f.afterPostingId, f.limit],
  );

export const exportBeneficiaries = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, label, name, iban, bic, internal, verification, created_at as "createdAt"
       from beneficiaries where customer_id = $1 order by created_at, id`,
    [customerId],
  );

/** Transfers as the customer ordered them (the payee's own account id, another customer's, is left out). */
export const exportTransfers = (q: Queryable, customerId: string) =>
  many(
    q,
    `select t.id, t.number, a.iban as "fromIban", t.beneficiary_id as "beneficiaryId",
            t.payee_name as "payeeName", t.payee_iban as "payeeIban", t.payee_bic as "payeeBic",
            t.internal, t.amount, t.reference, t.type, t.status, t.execution_date::text as "executionDate",
            t.repeat, t.series_id as "seriesId", t.occurrence, t.reason_code as "reasonCode",
            t.reason_message as "reasonMessage", t.created_at as "createdAt", t.updated_at as "updatedAt",
            t.executed_at as "executedAt"
       from transfers t left join ledger_accounts a on a.id = t.account_id and a.customer_id = $1
      where t.customer_id = $1
      order by t.created_at, t.id`,
    [customerId],
  );

/** Each channel's `<id>_enabled` column, as `"<apiKey>Enabled"` (CARD_CHANNEL_LIST). */
const CHANNEL_COLUMNS = CARD_CHANNEL_LIST.map((c) => `${c.id}_enabled as "${c.apiKey}Enabled"`).join(', ');

/** Cards by their last four digits only: the sealed number, CVV and their fingerprints stay out. */
export const exportCards = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, last4, status, locked, holder_first_name as "holderFirstName",
            holder_last_name as "holderLastName", to_char(valid_from, 'YYYY-MM') as "validFrom",
            to_char(expires_month, 'YYYY-MM') as "expiresMonth", weekly_limit as "weeklyLimit",
            monthly_limit as "monthlyLimit", ${CHANNEL_COLUMNS},
            created_at as "createdAt", updated_at as "updatedAt", cancelled_at as "cancelledAt"
       from cards where customer_id = $1 order by created_at, id`,
    [customerId],
  );

export const exportCardPayments = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, card_id as "cardId", amount, merchant, channel, status, reason,
            cleared_amount as "clearedAmount", created_at as "createdAt", cleared_at as "clearedAt",
            expired_at as "expiredAt"
       from card_authorizations where customer_id = $1 order by created_at, id`,
    [customerId],
  );

export const exportCardRefunds = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, card_id as "cardId", amount, merchant, created_at as "createdAt"
       from card_refunds where customer_id = $1 order by created_at, id`,
    [customerId],
  );

/**
 * The merchants that may charge a card of their own accord (recurring payments), and the payment
 * that made each agreement; the reference handed to the merchant stays out.
 */
export const exportCardAgreements = (q: Queryable, customerId: string) =>
  many(
    q,
    `select a.id, a.card_id as "cardId", a.merchant, a.authorization_id as "authorizationId",
            a.created_at as "createdAt"
       from card_agreements a join cards c on c.id = a.card_id
      where c.customer_id = $1 order by a.created_at, a.id`,
    [customerId],
  );

/** 3-D Secure: the online payments the customer was asked to confirm, or let through (no value, no hash). */
export const exportCardAuthentications = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, card_id as "cardId", amount, merchant, merchant_url as "merchantUrl", status,
            created_at as "createdAt", expires_at as "expiresAt", decided_at as "decidedAt",
            used_at as "usedAt", used_by as "authorizationId"
       from card_authentications where customer_id = $1 and status <> 'rejected' order by created_at, id`,
    [customerId],
  );

/** The secure-message thread; which operator wrote a bank message is the bank's, not exported. */
export const exportMessages = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, direction, body, created_at as "createdAt", read_at as "readAt"
       from messages where customer_id = $1 order by seq`,
    [customerId],
  );

/** The direct-debit mandates this bank knows on the customer's accounts (from the creditors' collections). */
export const exportDirectDebitMandates = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, account_id::text as "accountId", creditor_id as "creditorId", creditor_name as "creditorName",
            reference, signed_on::text as "signedOn", status, revoked_at as "revokedAt",
            max_amount as "maxAmount", max_count as "maxCount", count_period as "countPeriod",
            created_at as "createdAt", last_collection_at as "lastCollectionAt"
       from direct_debit_mandates where customer_id = $1 order by created_at, id`,
    [customerId],
  );

/** The direct debits announced on the customer's accounts, with their outcome and refund. */
export const exportDirectDebitCollections = (q: Queryable, customerId: string) =>
  many(
    q,
    `select c.id, c.account_id::text as "accountId", c.mandate_id as "mandateId", c.creditor_id as "creditorId",
            c.creditor_name as "creditorName", c.mandate_reference as "mandateReference", c.sequence,
            c.amount, c.due_date::text as "dueDate", c.remittance_info as "remittanceInfo", c.status,
            c.return_reason as "returnReason", e.number, c.created_at as "createdAt",
            c.refused_at as "refusedAt", c.settled_at as "settledAt", c.refunded_at as "refundedAt",
            r.number as "refundNumber"
       from direct_debit_collections c
       left join ledger_entries e on e.id = c.entry_id
       left join ledger_entries r on r.id = c.refund_entry_id
      where c.customer_id = $1 order by c.created_at, c.id`,
    [customerId],
  );

/** The customer's claims on direct debits and their decisions (which operator decided is the bank's). */
export const exportDirectDebitClaims = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, collection_id as "collectionId", reason, status, created_at as "createdAt",
            decided_at as "decidedAt", decision_note as "decisionNote"
       from direct_debit_claims where customer_id = $1 order by created_at, id`,
    [customerId],
  );

/** The customer's rules for every direct debit (null: never set, everything accepted). */
export const exportDirectDebitSettings = async (q: Queryable, customerId: string) =>
  (
    await many(
      q,
      `select block_all as "blockAll", allowed_creditor_ids as "allowedCreditorIds",
              blocked_creditor_ids as "blockedCreditorIds", updated_at as "updatedAt"
         from direct_debit_settings where customer_id = $1`,
      [customerId],
    )
  )[0] ?? null;

export const exportNotifications = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, kind, amount, counterparty, number, reason, created_at as "createdAt", read_at as "readAt"
       from notifications where customer_id = $1 order by seq`,
    [customerId],
  );

/**
 * Incoming credits held for verification, as the customer sees them in the app: what, from whom,
 * when, and whether it was released or returned; never why, nor by whom (docs/held-credits.md).
 */
export const exportHeldCredits = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, case when status in ('released', 'returned') then status else 'verifying' end as status,
            amount, originator_name as "originatorName", held_at as "heldAt", decided_at as "decidedAt"
       from held_credits where customer_id = $1 order by held_at`,
    [customerId],
  );

/** The customer's fraud reports: what they said, and what became of it (never the operator's note). */
export const exportFraudReports = (q: Queryable, customerId: string) =>
  many(
    q,
    `select r.id, t.number as "transferNumber", r.kind, r.status, r.amount, r.payee_name as "payeeName",
            r.payee_iban as "payeeIban", r.description, r.police_report_number as "policeReportNumber",
            r.file_id is not null as "withFile", r.created_at as "createdAt", r.decided_at as "decidedAt",
            e.number as "refundNumber"
       from fraud_reports r join transfers t on t.id = r.transfer_id
       left join ledger_entries e on e.id = r.refund_entry_id
      where r.customer_id = $1 order by r.created_at`,
    [customerId],
  );

/** The accesses the customer gave third parties (PSD2 consents): who, to what, on which accounts, until when. */
export const exportThirdPartyAccess = (q: Queryable, customerId: string) =>
  many(
    q,
    `select c.id, t.name as "provider", t.organisation_id as "providerId", c.status, c.scopes,
            (select coalesce(array_agg(a.iban order by a.id), '{}') from ledger_accounts a
              where a.id = any(c.account_ids) and a.customer_id = c.customer_id) as "accountIbans",
            c.recurring, c.frequency_per_day as "frequencyPerDay", c.valid_until::text as "validUntil",
            c.granted_at as "grantedAt", c.sca_at as "lastStrongAuthenticationAt",
            c.last_access_at as "lastAccessAt", c.ended_at as "endedAt"
       from psd2_consents c join psd2_tpps t on t.id = c.tpp_id
      where c.customer_id = $1 order by c.created_at`,
    [customerId],
  );

/** The payments third parties initiated that the customer approved or refused (PSD2): who, how much, to whom, what became of them. */
export const exportThirdPartyPayments = (q: Queryable, customerId: string) =>
  many(
    q,
    `select p.id, t.name as "provider", t.organisation_id as "providerId", p.product, p.amount,
            p.debtor_iban as "debtorIban", p.creditor_name as "creditorName", p.creditor_iban as "creditorIban",
            p.reference, p.requested_execution_date::text as "requestedExecutionDate", p.status,
            tr.number as "transferNumber", tr.status as "transferStatus", p.created_at as "createdAt"
       from psd2_payments p join psd2_tpps t on t.id = p.tpp_id
       left join transfers tr on tr.id = p.transfer_id and tr.customer_id = p.customer_id
      where p.customer_id = $1 order by p.created_at`,
    [customerId],
  );

export const exportNotificationPreferences = async (q: Queryable, customerId: string) =>
  (
    await many(
      q,
      `select email_on_credit as "emailOnCredit", email_on_card_payment as "emailOnCardPayment",
              updated_at as "updatedAt"
         from notification_preferences where customer_id = $1`,
      [customerId],
    )
  )[0] ?? null;

/** Devices with push notifications on: the push service's address and the choice about amounts; never the browser's keys. */
export const exportPushDevices = (q: Queryable, customerId: string) =>
  many(
    q,
    `select endpoint, show_amounts as "showAmounts", created_at as "createdAt", last_success_at as "lastSuccessAt"
       from push_subscriptions where customer_id = $1 order by created_at, endpoint`,
    [customerId],
  );

/** Sessions by their public id: the token's hash and any passkey challenge stay out. */
export const exportSessions = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, user_agent as "userAgent", ip, created_at as "createdAt", last_seen_at as "lastSeenAt",
            expires_at as "expiresAt", revoked_at as "revokedAt"
       from customer_sessions where customer_id = $1 order by created_at`,
    [customerId],
  );

/** Second factors by type and name: the TOTP secret, passkey id and public key stay out. */
export const exportSecondFactors = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, type, name, created_at as "createdAt", confirmed_at as "confirmedAt",
            last_used_at as "lastUsedAt"
       from sca_factors where customer_id = $1 order by created_at, id`,
    [customerId],
  );

/** Document requests and the files' metadata (never the stored key or the file). */
export const exportDocumentRequests = (q: Queryable, customerId: string) =>
  many(
    q,
    `select r.id, r.kind, r.reason, r.blocking, r.status, r.created_at as "createdAt",
            r.submitted_at as "submittedAt", r.decided_at as "decidedAt",
            r.rejection_reason as "rejectionReason",
            coalesce((select json_agg(json_build_object('mime', f.mime, 'size', f.size,
                                                       'uploadedAt', f.uploaded_at) order by f.uploaded_at)
                        from document_request_files f
                       where f.request_id = r.id and f.customer_id = $1), '[]'::json) as "files"
       from document_requests r where r.customer_id = $1 order by r.created_at, r.id`,
    [customerId],
  );

/** The account-opening application and its identity documents' metadata (never the files). */
export const exportApplications = (q: Queryable, customerId: string) =>
  many(
    q,
    `select a.status, a.email, a.residence_country as "residenceCountry", a.income_range as "incomeRange",
            a.profession, a.document_country as "documentCountry", a.document_type as "documentType",
            a.created_at as "createdAt", a.submitted_at as "submittedAt", a.decided_at as "decidedAt",
            a.rejection_reason as "rejectionReason",
            coalesce((select json_agg(json_build_object('kind', d.kind, 'mime', d.mime, 'size', d.size,
                                                       'uploadedAt', d.uploaded_at, 'replacedAt', d.replaced_at)
                                      order by d.uploaded_at)
                        from onboarding_documents d where d.application_id = a.id), '[]'::json) as "documents"
       from onboarding_applications a where a.customer_id = $1 order by a.created_at`,
    [customerId],
  );

export const exportCorrectionRequests = (q: Queryable, customerId: string) =>
  many(
    q,
    `select reasons, document_kinds as "documentKinds", requested_at as "requestedAt",
            resolved_at as "resolvedAt"
       from correction_requests where customer_id = $1 order by requested_at`,
    [customerId],
  );

/**
 * The customer's identity change requests: what was asked, what was on file then, the reason given,
 * the supporting document's type and size (never the file, its storage name or id) and the decision.
 */
export const exportIdentityChangeRequests = (q: Queryable, customerId: string) =>
  many(
    q,
    `select id, status, reason, first_name as "firstName", last_name as "lastName",
            birth_date::text as "birthDate", tax_country as "taxCountry",
            current_first_name as "currentFirstName", current_last_name as "currentLastName",
            current_birth_date::text as "currentBirthDate", current_tax_country as "currentTaxCountry",
            document_mime as "documentMime", document_size as "documentSize",
            created_at as "createdAt", decided_at as "decidedAt", rejection_reason as "rejectionReason",
            decision_note as "decisionNote"
       from identity_change_requests where customer_id = $1 order by created_at, id`,
    [customerId],
  );
