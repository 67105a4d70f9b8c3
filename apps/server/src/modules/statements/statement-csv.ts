import { luxembourgDate } from '@comptoir/core';
import type { Writable } from 'node:stream';
import { breathe, put } from './download-stream.ts';
import {
  lineLabel,
  lineReference,
  mandateLabel,
  type Statement,
  type StatementLine,
  type StatementLines,
} from './statement.ts';

/** The columns, as French banks export them. */
export const CSV_HEADER = [
  'Date de comptabilisation',
  'Date de valeur',
  'Libellé',
  'Référence',
  'Numéro',
  'Débit',
  'Crédit',
  'Solde',
] as const;

/** « 31/03/2025 », the Luxembourg calendar date of an instant. */
const frenchDate = (at: Date): string => luxembourgDate(at).split('-').toReversed().join('/');

/** Cents with a French decimal comma and no thousands separator (« -12,50 », « 1234,00 »). */
export function frenchDecimal(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  return `${negative ? '-' : ''}${abs / 100n},${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * A text field of a row: a leading = + - @ (or tab / carriage return) would make a spreadsheet read
 * it as a formula, so it gets a leading apostrophe; then quoted per RFC 4180 when it holds the
 * separator, a quote or a line break (quotes doubled).
 */
export function textField(value: string | null): string {
  let text = (value ?? '').replace(/\r\n?|\n/g, ' ');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** « Libellé »: the statement's label, and a direct debit's mandate reference after it. */
function csvLabel(line: StatementLine): string {
  const mandate = line.directDebit && mandateLabel(line.directDebit);
  return mandate ? `${lineLabel(line)} — ${mandate}` : lineLabel(line);
}

/**
 * The statement as CSV: UTF-8 with a byte-order mark (so spreadsheet software reads the accents),
 * `;` separators, decimal commas, CRLF line ends, one header row, then one row per booked line in
 * booking order. Debits are shown as positive amounts in « Débit », credits in « Crédit »; « Solde »
 * is the booked balance after the line. A direct debit reads « Prélèvement SEPA — creditor — Réf.
 * mandat : XYZ » (« Remboursement de prélèvement SEPA — … » for its refund), its « Référence » the
 * creditor's remittance information. The amounts are our own numbers and are never prefixed.
 * Written into `out` a page of lines at a time.
 */
export async function writeStatementCsv(_s: Statement, lines: StatementLines, out: Writable): Promise<void> {
  put(out, `\uFEFF${CSV_HEADER.map((h) => textField(h)).join(';')}\r\n`);
  for await (const page of lines) {
    let rows = '';
    for (const line of page) {
      const date = frenchDate(line.bookedAt);
      rows += `${[
        date,
        date,
        textField(csvLabel(line)),
        textField(lineReference(line)),
        textField(line.number),
        line.amount < 0n ? frenchDecimal(0n - line.amount) : '',
        line.amount > 0n ? frenchDecimal(line.amount) : '',
        frenchDecimal(line.balance),
      ].join(';')}\r\n`;
    }
    put(out, rows);
    await breathe(out);
  }
}
