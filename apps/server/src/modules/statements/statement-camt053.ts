import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { luxembourgDate } from '@comptoir/core';
import { decimalAmount, lineLabel, type Statement, type StatementLine } from './statement.ts';

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
      return ['PMNT', 'RDDT', 'ESDD'];
    case 'internal':
      return ['PMNT', credit ? 'RCDT' : 'ICDT', 'BOOK'];
    case 'adjustment':
      return ['ACMT', credit ? 'MCOP' : 'MDOP', 'ADJT'];
  }
}

const indicator = (amount: bigint) => (amount < 0n ? 'DBIT' : 'CRDT');
const absolute = (amount: bigint) => decimalAmount(amount < 0n ? -amount : amount);

function account(parent: XMLBuilder, iban: string | null, fallbackId: string): void {
  const id = parent.ele('Id');
  if (iban && IBAN_2007.test(iban)) id.ele('IBAN').txt(iban);
  else
    id.ele('Othr')
      .ele('Id')
      .txt(maxText(iban, 34) ?? fallbackId);
}

function party(parent: XMLBuilder, tag: 'Dbtr' | 'Cdtr', name: string | null): void {
  const nm = maxText(name, 140);
  if (nm) parent.ele(tag).ele('Pty').ele('Nm').txt(nm);
}

function balance(
  stmt: XMLBuilder,
  code: 'OPBD' | 'CLBD',
  amount: bigint,
  currency: string,
  date: string,
): void {
  const bal = stmt.ele('Bal');
  bal.ele('Tp').ele('CdOrPrtry').ele('Cd').txt(code);
  bal.ele('Amt', { Ccy: currency }).txt(absolute(amount));
  bal.ele('CdtDbtInd').txt(indicator(amount));
  bal.ele('Dt').ele('Dt').txt(date);
}

/**
 * The statement as ISO 20022 camt.053.001.08 (BankToCustomerStatementV08), the file accounting
 * software imports: the opening (OPBD) and closing (CLBD) booked balances at the period's bounds,
 * the transactions summary, and one booked `Ntry` per line with its `st-` number as the account
 * servicer's reference, its bank transaction code, the parties and the payment's reason. Amounts are
 * written from integer cents, never through a float. The value date is the booking date: Comptoir
 * books every payment on the day its funds move.
 */
export function renderStatementCamt053(s: Statement): Uint8Array {
  const ccy = s.account.currency;
  const accountRef = String(s.account.id);
  const compactMonth = s.month.replace('-', '');
  const created = s.issuedAt.toISOString();
  const lastInstant = new Date(s.end.getTime() - 1);

  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(CAMT053_NAMESPACE, 'Document');
  const root = doc.ele('BkToCstmrStmt');
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(`CMPT${accountRef}M${compactMonth}T${s.issuedAt.getTime()}`.slice(0, 35));
  header.ele('CreDtTm').txt(created);

  const stmt = root.ele('Stmt');
  stmt.ele('Id').txt(`${accountRef}-${s.month}`.slice(0, 35));
  stmt.ele('ElctrncSeqNb').txt(compactMonth);
  stmt.ele('CreDtTm').txt(created);
  const period = stmt.ele('FrToDt');
  period.ele('FrDtTm').txt(s.start.toISOString());
  period.ele('ToDtTm').txt(lastInstant.toISOString());

  const acct = stmt.ele('Acct');
  account(acct, s.account.iban, accountRef);
  acct.ele('Ccy').txt(ccy);
  const accountName = maxText(s.account.name, 70);
  if (accountName) acct.ele('Nm').txt(accountName);
  const owner = acct.ele('Ownr');
  owner.ele('Nm').txt(maxText(s.holder.name, 140) ?? 'Non spécifié');
  const addressLines = s.holder.address.map((line) => maxText(line, 70)).filter((l): l is string => !!l);
  if (addressLines.length) {
    const adr = owner.ele('PstlAdr');
    for (const line of addressLines.slice(0, 7)) adr.ele('AdrLine').txt(line);
  }
  const servicer = acct.ele('Svcr').ele('FinInstnId');
  servicer.ele('BICFI').txt(s.bank.bic);
  const bankName = maxText(s.bank.legalName, 140);
  if (bankName) servicer.ele('Nm').txt(bankName);

  balance(stmt, 'OPBD', s.opening, ccy, luxembourgDate(s.start));
  balance(stmt, 'CLBD', s.closing, ccy, luxembourgDate(lastInstant));

  const net = s.totalCredits - s.totalDebits;
  const summary = stmt.ele('TxsSummry');
  const all = summary.ele('TtlNtries');
  all.ele('NbOfNtries').txt(String(s.lines.length));
  all.ele('Sum').txt(decimalAmount(s.totalCredits + s.totalDebits));
  const netEntry = all.ele('TtlNetNtry');
  netEntry.ele('Amt').txt(absolute(net));
  netEntry.ele('CdtDbtInd').txt(indicator(net));
  const credits = summary.ele('TtlCdtNtries');
  credits.ele('NbOfNtries').txt(String(s.creditCount));
  credits.ele('Sum').txt(decimalAmount(s.totalCredits));
  const debits = summary.ele('TtlDbtNtries');
  debits.ele('NbOfNtries').txt(String(s.debitCount));
  debits.ele('Sum').txt(decimalAmount(s.totalDebits));

  for (const line of s.lines) {
    const day = luxembourgDate(line.bookedAt);
    const [domain, family, subFamily] = transactionCode(line);
    const ntry = stmt.ele('Ntry');
    ntry.ele('NtryRef').txt(line.number);
    ntry.ele('Amt', { Ccy: ccy }).txt(absolute(line.amount));
    ntry.ele('CdtDbtInd').txt(indicator(line.amount));
    ntry.ele('Sts').ele('Cd').txt('BOOK');
    ntry.ele('BookgDt').ele('Dt').txt(day);
    ntry.ele('ValDt').ele('Dt').txt(day);
    ntry.ele('AcctSvcrRef').txt(line.number);
    const code = ntry.ele('BkTxCd');
    const domn = code.ele('Domn');
    domn.ele('Cd').txt(domain);
    const fmly = domn.ele('Fmly');
    fmly.ele('Cd').txt(family);
    fmly.ele('SubFmlyCd').txt(subFamily);
    const prtry = code.ele('Prtry');
    prtry.ele('Cd').txt(line.kind.toUpperCase());
    prtry.ele('Issr').txt(maxText(s.bank.name, 35) ?? 'Comptoir');

    const tx = ntry.ele('NtryDtls').ele('TxDtls');
    tx.ele('Refs').ele('AcctSvcrRef').txt(line.number);
    tx.ele('Amt', { Ccy: ccy }).txt(absolute(line.amount));
    tx.ele('CdtDbtInd').txt(indicator(line.amount));
    const parties = tx.ele('RltdPties');
    const debit = line.amount < 0n;
    party(parties, 'Dbtr', debit ? s.holder.name : line.counterpartyName);
    const debtorAccount = debit ? s.account.iban : line.counterpartyIban;
    if (debit || debtorAccount) account(parties.ele('DbtrAcct'), debtorAccount, accountRef);
    party(parties, 'Cdtr', debit ? line.counterpartyName : s.holder.name);
    const creditorAccount = debit ? line.counterpartyIban : s.account.iban;
    if (!debit || creditorAccount) account(parties.ele('CdtrAcct'), creditorAccount, accountRef);
    const reason = maxText(line.reference ?? line.description, 140);
    if (reason) tx.ele('RmtInf').ele('Ustrd').txt(reason);
    const info = maxText(lineLabel(line), 500);
    if (info) ntry.ele('AddtlNtryInf').txt(info);
  }
  if (s.provisional)
    stmt.ele('AddtlStmtInf').txt(`Relevé provisoire au ${created} : le mois n’est pas terminé.`);

  return new TextEncoder().encode(doc.end({ prettyPrint: true }));
}
