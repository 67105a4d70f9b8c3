import type { Psd2TransactionsQuery } from '@comptoir/contracts';
import { toDecimalAmount } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { grantAccess, type AccessRequest } from './consent-access.ts';
import { href } from './links.ts';
import { accountTransaction, accountTransactions, type Psd2TransactionRow } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

type Call = Pick<AccessRequest, 'consentId' | 'psuPresent'>;

/** Transactions per page; `_links.next` leads to the following one. */
export const TRANSACTIONS_PAGE_SIZE = 50;

/**
 * One transaction as the standard shows it: its id is the ledger entry's, the same while pending
 * and once booked; amounts are exact decimals made from cents; the counterparty is the creditor of
 * a debit and the debtor of a credit.
 */
function toTransaction(row: Psd2TransactionRow, iban: string) {
  const amount = BigInt(row.amount);
  const counterparty = {
    name: row.counterparty_name ?? undefined,
    account: row.counterparty_iban ? { iban: row.counterparty_iban } : undefined,
  };
  const own = { iban };
  const remittance = [row.reference, row.description].filter((v): v is string => Boolean(v)).join(' — ');
  return {
    transactionId: row.entry_id,
    entryReference: row.entry_id,
    ...(row.booking_date ? { bookingDate: row.booking_date } : {}),
    ...(row.value_date ? { valueDate: row.value_date } : {}),
    transactionAmount: { currency: 'EUR', amount: toDecimalAmount(amount) },
    ...(amount < 0n
      ? {
          ...(counterparty.name ? { creditorName: counterparty.name } : {}),
          ...(counterparty.account ? { creditorAccount: counterparty.account } : {}),
          debtorAccount: own,
        }
      : {
          ...(counterparty.name ? { debtorName: counterparty.name } : {}),
          ...(counterparty.account ? { debtorAccount: counterparty.account } : {}),
          creditorAccount: own,
        }),
    ...(remittance ? { remittanceInformationUnstructured: remittance.slice(0, 140) } : {}),
    ...(row.tpp_name ? { additionalInformation: `via ${row.tpp_name}` } : {}),
  };
}

/** The page cursor: the last entry id shown, opaque to the TPP. */
const encodePage = (row: Psd2TransactionRow): string => Buffer.from(`e${row.entry_id}`).toString('base64url');

function decodePage(page: string | undefined): string | null {
  if (page === undefined) return null;
  const match = /^e(\d{1,18})$/.exec(Buffer.from(page, 'base64url').toString('utf8'));
  if (!match?.[1]) throw new TppError('FORMAT_ERROR', 'Le paramètre page est invalide.');
  return match[1];
}

/**
 * `GET /accounts/{id}/transactions`: booked, pending or both, the newest entry first, optionally
 * booked between `dateFrom` and `dateTo`, a page at a time. Unknown parameters are ignored.
 */
export async function readConsentTransactions(
  ctx: AppContext,
  tpp: TppCaller,
  call: Call,
  accountId: string,
  query: Psd2TransactionsQuery,
) {
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) throw new TppError('PERIOD_INVALID');
  const after = decodePage(query.page);
  const access = await grantAccess(ctx, tpp, {
    ...call,
    scope: 'transactions',
    accountId,
    // Each page is an access like any other: unattended, a TPP reads at most frequencyPerDay pages.
    endpoint: 'transactions',
  });
  const account = access.accounts.find((a) => a.id === accountId);
  if (!account) throw new TppError('RESOURCE_UNKNOWN');
  const status = query.bookingStatus;
  const rows = await accountTransactions(ctx.db, BigInt(accountId), {
    booked: status !== 'pending',
    pending: status !== 'booked',
    from: query.dateFrom ?? null,
    to: query.dateTo ?? null,
    beforeEntryId: after,
    limit: TRANSACTIONS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, TRANSACTIONS_PAGE_SIZE);
  const last = page.at(-1);
  const next = new URLSearchParams({
    bookingStatus: status,
    ...(query.dateFrom ? { dateFrom: query.dateFrom } : {}),
    ...(query.dateTo ? { dateTo: query.dateTo } : {}),
    ...(last ? { page: encodePage(last) } : {}),
  });
  return {
    account: { iban: account.iban, currency: 'EUR' },
    transactions: {
      ...(status !== 'pending'
        ? { booked: page.filter((r) => r.status === 'posted').map((r) => toTransaction(r, account.iban)) }
        : {}),
      ...(status !== 'booked'
        ? { pending: page.filter((r) => r.status === 'pending').map((r) => toTransaction(r, account.iban)) }
        : {}),
      _links: {
        account: href(`/accounts/${accountId}`),
        ...(rows.length > TRANSACTIONS_PAGE_SIZE && last
          ? { next: href(`/accounts/${accountId}/transactions?${next.toString()}`) }
          : {}),
      },
    },
  };
}

/** `GET /accounts/{id}/transactions/{transactionId}`: one transaction, pending or booked. */
export async function readConsentTransaction(
  ctx: AppContext,
  tpp: TppCaller,
  call: Call,
  accountId: string,
  transactionId: string,
) {
  const access = await grantAccess(ctx, tpp, {
    ...call,
    scope: 'transactions',
    accountId,
    endpoint: 'transaction',
  });
  const account = access.accounts.find((a) => a.id === accountId);
  const row = account ? await accountTransaction(ctx.db, BigInt(accountId), transactionId) : null;
  if (!account || !row) throw new TppError('RESOURCE_UNKNOWN');
  return { transactionsDetails: toTransaction(row, account.iban) };
}
