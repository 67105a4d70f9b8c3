import type { Writable } from 'node:stream';
import { luxembourgDate } from '@comptoir/core';
import { breathe, put } from './download-stream.ts';
import {
  decimalAmount,
  lineLabel,
  type Statement,
  type StatementLine,
  type StatementLines,
} from './statement.ts';

export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

/** Characters XML 1.0 allows: tab, line feed, carriage return, and from U+0020 on but for U+FFFE/U+FFFF. */
const xmlAllowed = (code: number): boolean =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);

/** XML 1.0 refuses control characters and lone surrogates; a statement drops them rather than failing. */
function xmlText(text: string): string {
  return Array.from(text)
    .filter((ch) => xmlAllowed(ch.codePointAt(0) ?? 0))
    .join('')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A `MaxNText`: at least one character, at most `max` (cut on a code point), or nothing at all. */
function maxText(text: string | null | undefined, max: number): string | null {
  const clean = xmlText(text ?? '');
  if (!clean) return null;
  return Array.from(clean).slice(0, max).join('');
}

/** Entries written between two pauses that let the server answer others. */
const ENTRIES_PER_TURN = 100;

const IBAN_2007 = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;

/** ISO 20022 bank transaction codes (domain, family, sub-family) of each kind of entry. */
function transactionCode(line: StatementLine): [string, string, string] {
  const credit = line.amount > 0n;
  switch (line.kind) {
    case 'transfer':
      return ['PMNT', credit ? 'RCDT' : 'ICDT', 'ESCT'];
    case 'card':
      return ['PMNT', 'CCRD', credit ? 'RIMB' : 'POSD'];
    case 'direct_debit':
      // Received direct debits (RDDT): the SEPA Core collection is ESDD. Its refund to the payer goes
      // back to the creditor's bank as an R-transaction, a pacs.004 « return or refund », so it is
      // UPDD, « reversal due to return/unpaid direct debit »; PRDD (« reversal due to payment
      // reversal ») is the creditor's own reversal (pacs.007), not the payer's refund.
      return ['PMNT', 'RDDT', line.directDebit?.refund ? 'UPDD' : 'ESDD'];
    case 'internal':
      return ['PMNT', credit ? 'RCDT' : 'ICDT', 'BOOK'];
    case 'adjustment':
      return ['ACMT', credit ? 'MCOP' : 'MDOP', 'ADJT'];
  }
}

const indicator = (amount: bigint) => (amount < 0n ? 'DBIT' : 'CRDT');
const absolute = (amount: bigint) => decimalAmount(amount < 0n ? -amount : amount);

/** Text content escaped for XML (quotes too in an attribute's value). */
const esc = (text: string, attribute = false): string =>
  text.replace(attribute ? /[&<>"]/g : /[&<>]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );

/**
 * A tiny XML writer: elements opened and closed in order, two spaces an indent level, each element's
 * text escaped. It writes into a string the caller hands on (a page of entries at a time).
 */
class Xml {
  text = '';
  private readonly open: string[] = [];

  private pad(): string {
    return '\n' + '  '.repeat(this.open.length);
  }

  ele(name: string, attributes?: Record<string, string>): this {
    const attrs = attributes
      ? Object.entries(attributes)
          .map(([k, v]) => ` ${k}="${esc(v, true)}"`)
          .join('')
      : '';
    this.text += `${this.pad()}<${name}${attrs}>`;
    this.open.push(name);
    return this;
  }

  up(): this {
    const name = this.open.pop()!;
    this.text += `${this.pad()}</${name}>`;
    return this;
  }

  leaf(name: string, content: string, attributes?: Record<string, string>): this {
    const attrs = attributes
      ? Object.entries(attributes)
          .map(([k, v]) => ` ${k}="${esc(v, true)}"`)
          .join('')
      : '';
    this.text += `${this.pad()}<${name}${attrs}>${esc(content)}</${name}>`;
    return this;
  }

  take(): string {
    const text = this.text;
    this.text = '';
    return text;
  }
}

function account(x: Xml, tag: string, iban: string | null, fallbackId: string): void {
  x.ele(tag).ele('Id');
  if (iban && IBAN_2007.test(iban)) x.leaf('IBAN', iban);
  else
    x.ele('Othr')
      .leaf('Id', maxText(iban, 34) ?? fallbackId)
      .up();
  x.up().up();
}

function party(x: Xml, tag: 'Dbtr' | 'Cdtr', name: string | null, schemeId: string | null = null): void {
  const nm = maxText(name, 140);
  const id = maxText(schemeId, 35);
  if (!nm && !id) return;
  x.ele(tag).ele('Pty');
  if (nm) x.leaf('Nm', nm);
  // A SEPA Creditor Identifier, as pain.008 and camt.054 carry it: a private identification of scheme « SEPA ».
  if (id) {
    x.ele('Id').ele('PrvtId').ele('Othr').leaf('Id', id);
    x.ele('SchmeNm').leaf('Prtry', 'SEPA').up();
    x.up().up().up();
  }
  x.up().up();
}

/** ISO 20022 return reason of a direct debit's refund to the payer: « refund request by end customer ». */
export const DIRECT_DEBIT_REFUND_REASON = 'MD06';

/** The proprietary code: the entry's kind, `DIRECT_DEBIT_REFUND` for the refund of a direct debit. */
const proprietaryCode = (line: StatementLine): string =>
  line.directDebit?.refund ? 'DIRECT_DEBIT_REFUND' : line.kind.toUpperCase();

function balance(
  x: Xml,
  code: 'OPBD' | 'CLBD' | 'ITBD',
  amount: bigint,
  currency: string,
  date: string,
): void {
  x.ele('Bal');
  x.ele('Tp').ele('CdOrPrtry').leaf('Cd', code).up().up();
  x.leaf('Amt', absolute(amount), { Ccy: currency });
  x.leaf('CdtDbtInd', indicator(amount));
  x.ele('Dt').leaf('Dt', date).up();
  x.up();
}

function entry(x: Xml, s: Statement, line: StatementLine): void {
  const ccy = s.account.currency;
  const accountRef = String(s.account.id);
  const day = luxembourgDate(line.bookedAt);
  const [domain, family, subFamily] = transactionCode(line);
  x.ele('Ntry');
  x.leaf('NtryRef', line.number);
  x.leaf('Amt', absolute(line.amount), { Ccy: ccy });
  x.leaf('CdtDbtInd', indicator(line.amount));
  x.ele('Sts').leaf('Cd', 'BOOK').up();
  x.ele('BookgDt').leaf('Dt', day).up();
  x.ele('ValDt').leaf('Dt', day).up();
  x.leaf('AcctSvcrRef', line.number);
  x.ele('BkTxCd');
  x.ele('Domn').leaf('Cd', domain);
  x.ele('Fmly').leaf('Cd', family).leaf('SubFmlyCd', subFamily).up();
  x.up();
  x.ele('Prtry')
    .leaf('Cd', proprietaryCode(line))
    .leaf('Issr', maxText(s.bank.name, 35) ?? 'Comptoir')
    .up();
  x.up();

  x.ele('NtryDtls').ele('TxDtls');
  const dd = line.directDebit;
  x.ele('Refs').leaf('AcctSvcrRef', line.number);
  const mandateId = maxText(dd?.mandateReference, 35);
  if (mandateId) x.leaf('MndtId', mandateId);
  x.up();
  x.leaf('Amt', absolute(line.amount), { Ccy: ccy });
  x.leaf('CdtDbtInd', indicator(line.amount));
  x.ele('RltdPties');
  // A direct debit and its refund keep the collection's parties: the holder pays, the creditor collects.
  const holderPays = dd !== null || line.amount < 0n;
  party(x, 'Dbtr', holderPays ? s.holder.name : line.counterpartyName);
  const debtorAccount = holderPays ? s.account.iban : line.counterpartyIban;
  if (holderPays || debtorAccount) account(x, 'DbtrAcct', debtorAccount, accountRef);
  party(x, 'Cdtr', holderPays ? line.counterpartyName : s.holder.name, dd?.creditorId ?? null);
  const creditorAccount = holderPays ? line.counterpartyIban : s.account.iban;
  if (!holderPays || creditorAccount) account(x, 'CdtrAcct', creditorAccount, accountRef);
  x.up();
  const reason = maxText(
    dd ? (dd.remittanceInfo ?? line.description) : (line.reference ?? line.description),
    140,
  );
  if (reason) x.ele('RmtInf').leaf('Ustrd', reason).up();
  // The refund of a direct debit, as its R-transaction says: MD06, « refund request by end customer ».
  if (dd?.refund) x.ele('RtrInf').ele('Rsn').leaf('Cd', DIRECT_DEBIT_REFUND_REASON).up().up();
  x.up().up();
  const info = maxText(lineLabel(line), 500);
  if (info) x.leaf('AddtlNtryInf', info);
  x.up();
}

/**
 * The statement as ISO 20022 camt.053.001.08 (BankToCustomerStatementV08), the file accounting
 * software imports: the opening (OPBD) and closing (CLBD) booked balances at the period's bounds
 * (for the running month, the interim booked balance ITBD when issued instead of CLBD),
 * the transactions summary, and one booked `Ntry` per line with its `st-` number as the account
 * servicer's reference, its bank transaction code, the parties and the payment's reason. Amounts are
 * written from integer cents, never through a float. The value date is the booking date: Comptoir
 * books every payment on the day its funds move. A SEPA direct debit is PMNT/RDDT/ESDD, its refund
 * PMNT/RDDT/UPDD, each with its mandate reference (`Refs/MndtId`), its creditor's name and Creditor
 * Identifier (`RltdPties/Cdtr`) and the creditor's remittance information (`RmtInf/Ustrd`); a refund
 * carries its return reason MD06 (`RtrInf/Rsn/Cd`). Written into `out` a page of entries at a time (the
 * summary, which comes before them, is the service's totals).
 */
export async function writeStatementCamt053(
  s: Statement,
  lines: StatementLines,
  out: Writable,
): Promise<void> {
  const ccy = s.account.currency;
  const accountRef = String(s.account.id);
  const compactMonth = s.month.replace('-', '');
  const created = s.issuedAt.toISOString();
  const lastInstant = new Date(s.end.getTime() - 1);

  const x = new Xml();
  x.text = '<?xml version="1.0" encoding="UTF-8"?>';
  x.ele('Document', { xmlns: CAMT053_NAMESPACE });
  x.ele('BkToCstmrStmt');
  x.ele('GrpHdr')
    .leaf('MsgId', `CMPT${accountRef}M${compactMonth}T${s.issuedAt.getTime()}`.slice(0, 35))
    .leaf('CreDtTm', created)
    .up();

  x.ele('Stmt');
  x.leaf('Id', `${accountRef}-${s.month}`.slice(0, 35));
  x.leaf('ElctrncSeqNb', compactMonth);
  x.leaf('CreDtTm', created);
  x.ele('FrToDt').leaf('FrDtTm', s.start.toISOString()).leaf('ToDtTm', lastInstant.toISOString()).up();

  x.ele('Acct');
  x.ele('Id');
  if (s.account.iban && IBAN_2007.test(s.account.iban)) x.leaf('IBAN', s.account.iban);
  else
    x.ele('Othr')
      .leaf('Id', maxText(s.account.iban, 34) ?? accountRef)
      .up();
  x.up();
  x.leaf('Ccy', ccy);
  const accountName = maxText(s.account.name, 70);
  if (accountName) x.leaf('Nm', accountName);
  x.ele('Ownr');
  x.leaf('Nm', maxText(s.holder.name, 140) ?? 'Non spécifié');
  const addressLines = s.holder.address.map((line) => maxText(line, 70)).filter((l): l is string => !!l);
  if (addressLines.length) {
    x.ele('PstlAdr');
    for (const line of addressLines.slice(0, 7)) x.leaf('AdrLine', line);
    x.up();
  }
  x.up();
  x.ele('Svcr').ele('FinInstnId');
  x.leaf('BICFI', s.bank.bic);
  const bankName = maxText(s.bank.legalName, 140);
  if (bankName) x.leaf('Nm', bankName);
  x.up().up();
  x.up();

  balance(x, 'OPBD', s.opening, ccy, luxembourgDate(s.start));
  // The running month is not closed: its last balance, at the issuing instant, is interim booked (ITBD).
  balance(x, s.provisional ? 'ITBD' : 'CLBD', s.closing, ccy, luxembourgDate(lastInstant));

  const net = s.totalCredits - s.totalDebits;
  x.ele('TxsSummry');
  x.ele('TtlNtries');
  x.leaf('NbOfNtries', String(s.lineCount));
  x.leaf('Sum', decimalAmount(s.totalCredits + s.totalDebits));
  x.ele('TtlNetNtry').leaf('Amt', absolute(net)).leaf('CdtDbtInd', indicator(net)).up();
  x.up();
  x.ele('TtlCdtNtries')
    .leaf('NbOfNtries', String(s.creditCount))
    .leaf('Sum', decimalAmount(s.totalCredits))
    .up();
  x.ele('TtlDbtNtries')
    .leaf('NbOfNtries', String(s.debitCount))
    .leaf('Sum', decimalAmount(s.totalDebits))
    .up();
  x.up();
  put(out, x.take());

  for await (const page of lines)
    for (let i = 0; i < page.length; i += ENTRIES_PER_TURN) {
      for (const line of page.slice(i, i + ENTRIES_PER_TURN)) entry(x, s, line);
      put(out, x.take());
      await breathe(out);
    }
  if (s.provisional) x.leaf('AddtlStmtInf', `Relevé provisoire au ${created} : le mois n’est pas terminé.`);
  x.up().up().up();
  put(out, `${x.take()}\n`);
}
