import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { cents } from '@comptoir/core';
import type { AppContext } from '../../../context.ts';
import { pdfInfo, pdfPageSizes, pdfPages } from '../../../pdf/__tests__/helpers.ts';
import { glAccount, postEntry, reserveEntry, voidEntry, type EntryKind } from '../../../ledger/index.ts';

/** Test fixtures and file readers for the statement tests (never imported by production code). */

/** Moves an account's opening back in time (its first statement month). */
export async function backdateAccount(ctx: AppContext, accountId: string, openedAt: Date): Promise<void> {
  await ctx.db.query('update ledger_accounts set created_at = $2 where id = $1', [accountId, openedAt]);
}

export interface Booking {
  at: Date;
  /** Signed cents on the customer's account. */
  amount: bigint;
  kind?: EntryKind;
  counterpartyName?: string | null;
  counterpartyIban?: string | null;
  reference?: string | null;
}

/** Books entries through the ledger, one after another in the given order, against gl:adjustments. */
export async function book(
  ctx: AppContext,
  accountId: string,
  bookings: readonly Booking[],
): Promise<string[]> {
  const numbers: string[] = [];
  await ctx.db.tx(async (q) => {
    const gl = await glAccount(q, 'gl:adjustments');
    for (const b of bookings) {
      const ref = await postEntry(q, {
        kind: b.kind ?? 'transfer',
        legs: [
          { accountId: BigInt(accountId), amount: cents(b.amount) },
          { accountId: gl.id, amount: cents(-b.amount) },
        ],
        counterpartyName: b.counterpartyName ?? null,
        counterpartyIban: b.counterpartyIban ?? null,
        reference: b.reference ?? null,
        at: b.at,
      });
      numbers.push(ref.number);
    }
  });
  return numbers;
}

/** A pending debit and a voided one at `at`: neither is ever on a statement. */
export async function pendingAndVoided(ctx: AppContext, accountId: string, at: Date): Promise<string[]> {
  return ctx.db.tx(async (q) => {
    const gl = await glAccount(q, 'gl:card-settlement');
    const legs = (amount: bigint) => [
      { accountId: BigInt(accountId), amount: cents(-amount) },
      { accountId: gl.id, amount: cents(amount) },
    ];
    const pending = await reserveEntry(q, {
      kind: 'card',
      legs: legs(1234n),
      counterpartyName: 'En attente',
      at,
    });
    const voided = await reserveEntry(q, { kind: 'card', legs: legs(4321n), counterpartyName: 'Annulé', at });
    await voidEntry(q, voided.entryId, at);
    return [pending.number, voided.number];
  });
}

/** The ledger's view of a month, computed by PostgreSQL's own time zone rules (an independent check). */
export async function ledgerMonth(
  ctx: AppContext,
  accountId: string,
  month: string,
): Promise<{ numbers: string[]; amounts: bigint[]; balanceAfter: (bigint | null)[] }> {
  const { rows } = await ctx.db.query<{ number: string; amount: bigint; balance_after: bigint | null }>(
    `select e.number, p.amount, p.balance_after
       from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where p.account_id = $1 and e.status = 'posted'
        and to_char(e.posted_at at time zone 'Europe/Luxembourg', 'YYYY-MM') = $2
      order by e.posted_at, p.id`,
    [accountId, month],
  );
  return {
    numbers: rows.map((r) => r.number),
    amounts: rows.map((r) => BigInt(r.amount)),
    balanceAfter: rows.map((r) => (r.balance_after === null ? null : BigInt(r.balance_after))),
  };
}

/** The account's cached booked balance. */
export async function cachedBalance(ctx: AppContext, accountId: string): Promise<bigint> {
  const { rows } = await ctx.db.query<{ posted_balance: bigint }>(
    'select posted_balance from ledger_accounts where id = $1',
    [accountId],
  );
  return BigInt(rows[0]!.posted_balance);
}

/** RFC 4180 with `;`: quoted fields may hold `;`, `""` and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** « -1234,50 » → -123450n cents; empty → 0n. */
export function frenchCents(text: string): bigint {
  if (!text) return 0n;
  const match = /^(-?)(\d+),(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a French decimal: ${text}`);
  const value = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

/** « 1234.50 » → 123450n cents. */
export function decimalCents(text: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const value = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

const XSD = readFileSync(new URL('../fixtures/camt.053.001.08.xsd', import.meta.url), 'utf8');

/** xmllint's verdict on a camt.053 file against the ISO 20022 schema kept in fixtures/. */
export async function validateCamt053(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: [{ fileName: 'statement.xml', contents: xml }],
    schema: [{ fileName: 'camt.053.001.08.xsd', contents: XSD }],
    initialMemoryPages: 4096,
    maxMemoryPages: 32768,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

/**
 * What a PDF shows, as poppler reads it: each page's text lines (pdftotext), its pdfinfo fields
 * (Title, Tagged, Pages…) and its pages' sizes in points.
 */
export async function pagesText(bytes: Uint8Array): Promise<{
  pages: string[][];
  info: Record<string, string>;
  sizes: { width: number; height: number }[];
}> {
  return Promise.resolve({ pages: pdfPages(bytes), info: pdfInfo(bytes), sizes: pdfPageSizes(bytes) });
}
