import type { Cents } from '@comptoir/core';
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
}

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

/** The label French statements show: what the payment says, else its counterparty, else its kind. */
export function lineLabel(
  line: Pick<StatementLine, 'kind' | 'amount' | 'counterpartyName' | 'description'>,
): string {
  const kind = KIND_LABELS[line.kind];
  const who = line.counterpartyName?.trim();
  if (who) return `${kind} ${line.amount < 0n ? 'à' : 'de'} ${who}`;
  return line.description?.trim() || kind;
}

export const KIND_LABELS: Record<StatementLine['kind'], string> = {
  transfer: 'Virement',
  card: 'Paiement carte',
  direct_debit: 'Prélèvement',
  adjustment: 'Régularisation',
  internal: 'Transfert interne',
};

/** Cents as a decimal string with a point (« 1234.50 », « -0.05 »), without any float. */
export function decimalAmount(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
