import { ofName, type Cents } from '@comptoir/core';
import type { StatementLineRow } from './queries.ts';

/** The institution as a statement names it (from `ctx.config.institution`). */
export interface StatementBank {
  name: string;
  legalName: string;
  address: { street: string; postalCode: string; city: string; country: string };
  bic: string;
  registration: string | null;
  supervisor: string | null;
  licenceNumber: string | null;
  phone: string;
  email: string;
  sandbox: boolean;
}

export interface StatementHolder {
  name: string;
  customerNumber: string | null;
  /** Postal address lines (street, postcode and city, country); empty when unknown. */
  address: string[];
}

export interface StatementLine {
  entryId: bigint;
  number: string;
  kind: StatementLineRow['kind'];
  /** Signed: negative for a debit. */
  amount: Cents;
  /** The account's booked balance after this line, computed from the opening balance. */
  balance: Cents;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  reference: string | null;
  description: string | null;
  bookedAt: Date;
  /** What a `direct_debit` entry says of its collection (null for every other kind). */
  directDebit: DirectDebitLine | null;
}

/**
 * A SEPA direct debit as a statement shows it, read from its ledger entry's metadata: the
 * collection (a debit) or its refund (a credit, `metadata.refund`). The creditor's name is the
 * entry's counterparty.
 */
export interface DirectDebitLine {
  refund: boolean;
  mandateReference: string | null;
  /** The SEPA Creditor Identifier (`FR72ZZZ123456`). */
  creditorId: string | null;
  /** The creditor's remittance information, without the mandate reference the entry's reference starts with. */
  remittanceInfo: string | null;
}

/**
 * The direct debit of an entry of kind `direct_debit`, from its metadata and its reference (which
 * a collection writes « mandate reference / remittance information », or the mandate reference alone).
 */
export function directDebitLine(
  kind: StatementLine['kind'],
  metadata: { mandateReference?: unknown; creditorId?: unknown; refund?: unknown } | null,
  reference: string | null,
): DirectDebitLine | null {
  if (kind !== 'direct_debit') return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const mandateReference = text(metadata?.mandateReference);
  let remittanceInfo = text(reference);
  if (mandateReference && remittanceInfo === mandateReference) remittanceInfo = null;
  else if (mandateReference && remittanceInfo?.startsWith(`${mandateReference} / `))
    remittanceInfo = text(remittanceInfo.slice(mandateReference.length + 3));
  return {
    refund: metadata?.refund === true,
    mandateReference,
    creditorId: text(metadata?.creditorId),
    remittanceInfo,
  };
}

/** « Prélèvement SEPA », or « Remboursement de prélèvement SEPA » for the refund of one. */
export const directDebitTitle = (d: DirectDebitLine): string =>
  d.refund ? 'Remboursement de prélèvement SEPA' : 'Prélèvement SEPA';

/** « Réf. mandat : XYZ », or null without a mandate reference. */
export const mandateLabel = (d: DirectDebitLine): string | null =>
  d.mandateReference ? `Réf. mandat : ${d.mandateReference}` : null;

/**
 * One month of one account: what the PDF, CSV and camt.053 show before and around the lines, read
 * by the service in one snapshot. The lines themselves come as `StatementLines`, page after page,
 * and add up to `closing` from `opening` (the service checks it as they go by).
 */
export interface Statement {
  /** `YYYY-MM`. */
  month: string;
  start: Date;
  /** The period's end: the next month's start, or `issuedAt` for the current month. */
  end: Date;
  /** The month is still running: the statement stops at `issuedAt` and says so. */
  provisional: boolean;
  issuedAt: Date;
  account: {
    id: bigint;
    name: string;
    iban: string | null;
    currency: string;
    kind: 'customer_main' | 'customer_sub';
  };
  holder: StatementHolder;
  bank: StatementBank;
  opening: Cents;
  closing: Cents;
  totalCredits: Cents;
  totalDebits: Cents;
  creditCount: number;
  debitCount: number;
  /** `creditCount + debitCount`: how many lines the pages will bring. */
  lineCount: number;
}

/** A statement's lines in booking order, a page at a time, read from the database as they are needed. */
export type StatementLines = AsyncIterable<readonly StatementLine[]>;

/**
 * The label French statements show: the kind and the counterparty, else what the payment says, else
 * its kind. A direct debit says « Prélèvement SEPA — creditor » (or « Remboursement de prélèvement
 * SEPA — creditor »); its mandate reference is `mandateLabel`, shown beside it.
 */
export function lineLabel(
  line: Pick<StatementLine, 'kind' | 'amount' | 'counterpartyName' | 'description' | 'directDebit'>,
): string {
  const who = line.counterpartyName?.trim();
  if (line.directDebit)
    return who ? `${directDebitTitle(line.directDebit)} — ${who}` : directDebitTitle(line.directDebit);
  const kind = KIND_LABELS[line.kind];
  if (!who) return line.description?.trim() || kind;
  // A move between the customer's own accounts names its side with its preposition already.
  if (line.kind === 'internal')
    return MOVE_SIDE.test(who) ? `${kind} ${who.charAt(0).toLowerCase()}${who.slice(1)}` : `${kind} — ${who}`;
  return line.amount < 0n ? `${kind} à ${who}` : `${kind} ${ofName(who)}`;
}

/** « Vers l’Espace Vacances », « Depuis le compte principal »: how a move names the other account. */
const MOVE_SIDE = /^(Vers|Depuis) /;

export const KIND_LABELS: Record<StatementLine['kind'], string> = {
  transfer: 'Virement',
  card: 'Paiement carte',
  direct_debit: 'Prélèvement',
  adjustment: 'Régularisation',
  internal: 'Transfert interne',
};

/**
 * The line's reference column: a direct debit's remittance information (its mandate reference is in
 * the label), any other entry's reference.
 */
export const lineReference = (line: Pick<StatementLine, 'reference' | 'directDebit'>): string | null =>
  line.directDebit ? line.directDebit.remittanceInfo : line.reference;

/** Cents as a decimal string with a point (« 1234.50 », « -0.05 »), without any float. */
export function decimalAmount(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
