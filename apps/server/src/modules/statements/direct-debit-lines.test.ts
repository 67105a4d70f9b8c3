import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectDebitCollection } from '@comptoir/contracts';
import { cents, isBusinessDay, parisDate, statementMonthOf } from '@comptoir/core';
import { glAccount, postEntry } from '../../ledger/index.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { CSV_HEADER } from './statement-csv.ts';
import { pagesText, parseCsv, validateCamt053 } from './__tests__/helpers.ts';

const SANDBOX_KEY = 'cle-sandbox-releves';
const CREDITOR_ID = 'FR72ZZZ123456';
const MANDATE = 'RUM-2026-EV-000123';
/** The longest mandate reference SEPA allows: 35 characters. */
const LONG_MANDATE = 'RUM-2026-0000000000000000000000-FIN';
const REFUND = 'Remboursement de prélèvement SEPA';

let t: TestContext;
let cookie: string;
let accountId: string;
let month: string;

/** The creditor's bank announces a collection on the sandbox and presents it at once: it is booked. */
async function collect(iban: string, mandateId: string, amount: number): Promise<DirectDebitCollection> {
  let due = parisDate(new Date(t.clock.now().getTime() + 86_400_000));
  while (!isBusinessDay(due)) due = parisDate(new Date(Date.parse(`${due}T12:00:00Z`) + 86_400_000));
  const headers = { ...MUTATION, authorization: `Bearer ${SANDBOX_KEY}` };
  const announced = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/direct-debits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: {
      iban,
      creditorId: CREDITOR_ID,
      creditorName: 'Energie Verte',
      mandateId,
      mandateSignedOn: '2026-01-15',
      sequence: 'FRST',
      amount,
      dueDate: due,
      remittanceInfo: `Facture ${mandateId.slice(-3)}`,
    },
  });
  expect(announced.statusCode, announced.body).toBe(201);
  const { id } = announced.json<DirectDebitCollection>();
  const presented = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/direct-debits/${id}/present`,
    headers,
    payload: {},
  });
  expect(presented.json<DirectDebitCollection>()).toMatchObject({ status: 'booked' });
  t.clock.advance(1_000);
  return presented.json<DirectDebitCollection>();
}

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
  const payer = await signedIn(t.ctx, t.app, 100_000, { firstName: 'Léa', lastName: 'Prélevée' });
  cookie = payer.cookie;
  accountId = String(payer.account.id);
  t.clock.advance(1_000);
  const paid = await collect(payer.account.iban!, MANDATE, 8_940);
  await collect(payer.account.iban!, LONG_MANDATE, 1_500);
  // The refund of the first collection, as the refunds book it: a credit of kind direct_debit.
  await t.ctx.db.tx(async (q) => {
    const clearing = await glAccount(q, 'gl:sepa-clearing');
    await postEntry(q, {
      kind: 'direct_debit',
      legs: [
        { accountId: clearing.id, amount: cents(-8_940n) },
        { accountId: payer.account.id, amount: cents(8_940n) },
      ],
      description: REFUND,
      counterpartyName: 'Energie Verte',
      reference: MANDATE,
      metadata: { collectionId: paid.id, mandateReference: MANDATE, creditorId: CREDITOR_ID, refund: true },
      at: t.clock.now(),
    });
  });
  t.clock.advance(1_000);
  month = statementMonthOf(t.clock.now());
});
afterAll(() => t.close());

const download = (suffix: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/accounts/${accountId}/statements/${month}.${suffix}`,
    headers: { cookie },
  });

describe('a SEPA direct debit and its refund on the statements', () => {
  it('camt.053: validates, with PMNT/RDDT/ESDD, its refund PMNT/RDDT/UPDD and reason MD06, the mandate, the creditor, an interim balance', async () => {
    const res = await download('camt053.xml');
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    expect(await validateCamt053(xml)).toEqual({ valid: true, errors: [] });

    const entries = [...xml.matchAll(/<Ntry>([\s\S]*?)<\/Ntry>/g)].map((m) => m[1]!);
    const code = (entry: string) =>
      /<Domn>\s*<Cd>(\w+)<\/Cd>\s*<Fmly>\s*<Cd>(\w+)<\/Cd>\s*<SubFmlyCd>(\w+)<\/SubFmlyCd>/
        .exec(entry)!
        .slice(1)
        .join('/');
    const withMandate = (mandate: string) => entries.filter((e) => e.includes(`<MndtId>${mandate}</MndtId>`));
    const [collection, refund] = withMandate(MANDATE);
    expect(withMandate(MANDATE)).toHaveLength(2);

    expect(code(collection!)).toBe('PMNT/RDDT/ESDD');
    expect(collection).toContain('<CdtDbtInd>DBIT</CdtDbtInd>');
    expect(collection).toMatch(/<Prtry>\s*<Cd>DIRECT_DEBIT<\/Cd>/);
    expect(collection).toContain('<Ustrd>Facture 123</Ustrd>');
    expect(code(refund!)).toBe('PMNT/RDDT/UPDD');
    expect(refund).toContain('<CdtDbtInd>CRDT</CdtDbtInd>');
    expect(refund).toMatch(/<Prtry>\s*<Cd>DIRECT_DEBIT_REFUND<\/Cd>/);
    expect(refund).toContain(`<Ustrd>${REFUND}</Ustrd>`);
    // The refund carries its return reason, « refund request by end customer »; the collection none.
    expect(refund).toMatch(/<RtrInf>\s*<Rsn>\s*<Cd>MD06<\/Cd>\s*<\/Rsn>\s*<\/RtrInf>/);
    expect(collection).not.toContain('<RtrInf>');
    // The month is still running: its last balance is interim booked, not closing.
    expect(xml).toMatch(/<Bal>\s*<Tp>\s*<CdOrPrtry>\s*<Cd>ITBD<\/Cd>/);
    expect(xml).not.toContain('<Cd>CLBD</Cd>');
    // Both name the creditor with its SEPA Creditor Identifier, and the holder as the debtor.
    for (const entry of [collection!, refund!]) {
      expect(entry).toMatch(
        new RegExp(
          `<Cdtr>\\s*<Pty>\\s*<Nm>Energie Verte</Nm>\\s*<Id>\\s*<PrvtId>\\s*<Othr>\\s*<Id>${CREDITOR_ID}</Id>\\s*` +
            '<SchmeNm>\\s*<Prtry>SEPA</Prtry>',
        ),
      );
      expect(entry).toMatch(/<Dbtr>\s*<Pty>\s*<Nm>Léa Prélevée<\/Nm>/);
    }
    expect(code(withMandate(LONG_MANDATE)[0]!)).toBe('PMNT/RDDT/ESDD');

    // The schema holds the order: a mandate reference before the account servicer's is refused.
    const misplaced = xml.replace(
      /(<AcctSvcrRef>st-\d+<\/AcctSvcrRef>)(\s*)(<MndtId>[^<]*<\/MndtId>)/,
      '$3$2$1',
    );
    expect(misplaced).not.toBe(xml);
    expect((await validateCamt053(misplaced)).valid).toBe(false);
  });

  it('CSV: « Prélèvement SEPA — creditor — Réf. mandat : … », the remittance information as reference', async () => {
    const res = await download('csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual([...CSV_HEADER]);
    const labelled = rows.map((r) => [r[2], r[3], r[5], r[6]]);
    expect(labelled).toContainEqual([
      `Prélèvement SEPA — Energie Verte — Réf. mandat : ${MANDATE}`,
      'Facture 123',
      '89,40',
      '',
    ]);
    expect(labelled).toContainEqual([
      `Prélèvement SEPA — Energie Verte — Réf. mandat : ${LONG_MANDATE}`,
      'Facture FIN',
      '15,00',
      '',
    ]);
    expect(labelled).toContainEqual([
      `${REFUND} — Energie Verte — Réf. mandat : ${MANDATE}`,
      '',
      '',
      '89,40',
    ]);
  });

  it('PDF: the label, the whole mandate reference even at its longest, and the refund', async () => {
    const res = await download('pdf');
    expect(res.statusCode).toBe(200);
    const { pages } = await pagesText(res.rawPayload);
    const lines = pages.flat().map((l) => l.replace(/\s+/g, ' ').trim());
    // Each direct debit's label: its kind, its creditor, its mandate reference, each whole on its line.
    const after = (first: string) => lines.slice(lines.indexOf(first) + 1, lines.indexOf(first) + 3);
    expect(lines.filter((l) => l.endsWith(' Prélèvement SEPA'))).toHaveLength(2);
    expect(lines.filter((l) => l.endsWith(` ${REFUND}`))).toHaveLength(1);
    expect(after(lines.find((l) => l.endsWith(` ${REFUND}`))!)).toEqual([
      'Energie Verte',
      `Réf. mandat : ${MANDATE}`,
    ]);
    expect(lines.filter((l) => l === 'Energie Verte')).toHaveLength(3);
    expect(lines).toContain(`Réf. mandat : ${MANDATE}`);
    expect(lines).toContain(`Réf. mandat : ${LONG_MANDATE}`);
    expect(lines.join('\n')).not.toContain('…');
    expect(lines).toContain('Facture 123');
  });
});
