import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitoringCase, MonitoringCaseList, Problem, type OperatorRole } from '@comptoir/contracts';
import { glAccount, postEntry, type LedgerAccount } from '../../ledger/index.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { fundedAccount, move } from '../../testing/ledger-fixtures.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { monitorAllMovements } from './monitor-service.ts';

// The « Surveillance » queue (docs/monitoring.md#cases): a case per customer gathers the rules' hits;
// « no_suspicion » takes one operator, « report » two, and makes the report, JSON and PDF, sealed.

let t: TestContext;
const ops: Record<'alice' | 'bruno' | 'chloe' | 'sam', string> = { alice: '', bruno: '', chloe: '', sam: '' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  const roles: Record<keyof typeof ops, OperatorRole> = {
    alice: 'compliance',
    bruno: 'admin',
    chloe: 'compliance',
    sam: 'support',
  };
  for (const name of Object.keys(roles) as (keyof typeof ops)[]) {
    const op = await newOperator(t, roles[name]);
    ids[name] = op.id;
    ops[name] = await signIn(t, op);
  }
  t.clock.advance(1_000);
});
afterAll(() => t.close());

const get = (who: keyof typeof ops, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/backoffice/monitoring${url}`, cookies: withOperator(ops[who]) });
const post = (who: keyof typeof ops, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/backoffice/monitoring${url}`,
    headers: MUTATION,
    cookies: withOperator(ops[who]),
    payload,
  });
const code = (res: { json(): unknown }) => Problem.parse(res.json()).code;
const ok = (res: { statusCode: number; body: string; json(): unknown }): MonitoringCase => {
  expect(res.statusCode, res.body).toBe(200);
  return MonitoringCase.parse(res.json());
};

/** A customer who sent eleven transfers within the hour: a case with one velocity hit. */
async function velocityCase(): Promise<{ account: LedgerAccount; caseId: string; transfers: string[] }> {
  const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
  const account = await t.ctx.db.tx((q) => fundedAccount(q, 500_000));
  const transfers: string[] = [];
  for (let i = 0; i < 11; i++)
    transfers.push(
      (
        await t.ctx.db.tx((q) =>
          postEntry(q, { ...move(account, clearing, 2_000 + i), counterpartyName: `Payé ${i}` }),
        )
      ).number,
    );
  await monitorAllMovements(t.ctx);
  const list = MonitoringCaseList.parse((await get('alice', '/cases')).json());
  const found = list.items.find((c) => c.customer.id === account.customerId);
  if (!found) throw new Error('no case');
  t.clock.advance(1_000);
  return { account, caseId: found.id, transfers };
}

const auditsOf = async (customerId: string) =>
  (
    await t.ctx.db.query<{ operator_id: string; action: string; details: Record<string, unknown> }>(
      `select operator_id, action, details from audit_log where customer_id = $1 and action like 'monitoring.%' order by id`,
      [customerId],
    )
  ).rows;

describe('the « Surveillance » queue', () => {
  it('shows a case with the customer’s file, the hit, the operations behind it and a timeline', async () => {
    const { account, caseId, transfers } = await velocityCase();
    const list = MonitoringCaseList.parse((await get('bruno', '/cases?status=open')).json());
    expect(list.items.find((c) => c.id === caseId)).toMatchObject({
      status: 'open',
      rules: ['velocity'],
      hitCount: 1,
      decision: null,
    });
    const file = ok(await get('alice', `/cases/${caseId}`));
    expect(file.customer.id).toBe(account.customerId);
    expect(file.hits).toHaveLength(1);
    expect(file.hits[0]?.summary).toBe('11 virements émis en 60 min.');
    expect(file.hits[0]?.operations.map((o) => [o.number, o.amount])).toEqual(
      transfers.map((n, i) => [n, -(2_000 + i)]),
    );
    expect(file.timeline.map((i) => i.kind)).toEqual(['hit']);
  });

  it('is for admin and compliance only; an unknown or malformed id is a 404', async () => {
    expect((await get('sam', '/cases')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/monitoring/cases' })).statusCode).toBe(
      401,
    );
    expect(code(await get('alice', '/cases/00000000-0000-4000-8000-000000000000'))).toBe(
      'monitoring_case_not_found',
    );
    expect((await get('alice', '/cases/pas-un-id')).statusCode).toBe(404);
    const bad = await post('alice', '/cases/00000000-0000-4000-8000-000000000000/decision', {
      decision: 'peut-être',
      note: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deciding a case', () => {
  it('« no_suspicion » closes it with its note, by one operator; a closed case takes no further step', async () => {
    const { account, caseId } = await velocityCase();
    const noted = ok(
      await post('alice', `/cases/${caseId}/notes`, { note: 'Salaires de l’équipe, vérifié.' }),
    );
    expect(noted.notes.map((n) => n.note)).toEqual(['Salaires de l’équipe, vérifié.']);
    const closed = ok(
      await post('alice', `/cases/${caseId}/decision`, { decision: 'no_suspicion', note: 'Paie.' }),
    );
    expect(closed).toMatchObject({
      status: 'closed',
      decision: { kind: 'no_suspicion', note: 'Paie.' },
      reported: false,
    });
    expect(closed.timeline.map((i) => i.kind)).toEqual(['hit', 'note', 'decision']);
    expect(code(await post('bruno', `/cases/${caseId}/decision`, { decision: 'report', note: 'x' }))).toBe(
      'monitoring_case_decided',
    );
    expect((await auditsOf(account.customerId ?? '')).map((a) => a.action)).toEqual([
      'monitoring.note_added',
      'monitoring.no_suspicion',
    ]);
    // A later hit (five payers within a day) opens a new case.
    const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
    for (const iban of [
      'FR1420041010050500013M02606',
      'DE89370400440532013000',
      'BE68539007547034',
      'NL91ABNA0417164300',
      'IT60X0542811101000000123456',
    ])
      await t.ctx.db.tx((q) => postEntry(q, { ...move(clearing, account, 100), counterpartyIban: iban }));
    await monitorAllMovements(t.ctx);
    const open = MonitoringCaseList.parse((await get('alice', '/cases')).json()).items.filter(
      (c) => c.customer.id === account.customerId,
    );
    expect(open).toHaveLength(1);
    expect(open[0]?.id).not.toBe(caseId);
  });

  it('« report » takes two operators: proposed by one, approved by another, never the proposer', async () => {
    const { account, caseId } = await velocityCase();
    const narrative =
      'Onze virements en une heure vers des tiers inconnus, sans lien avec l’activité déclarée.';
    const proposed = ok(
      await post('alice', `/cases/${caseId}/decision`, { decision: 'report', note: narrative }),
    );
    expect(proposed).toMatchObject({
      status: 'report_proposed',
      proposal: { note: narrative },
      reported: false,
    });
    expect(code(await post('alice', `/cases/${caseId}/approve`, {}))).toBe('monitoring_own_approval');
    expect(code(await post('bruno', `/cases/${caseId}/decision`, { decision: 'report', note: 'x' }))).toBe(
      'monitoring_report_pending',
    );
    expect((await get('alice', `/cases/${caseId}/report.pdf`)).statusCode).toBe(404);

    const approved = ok(await post('bruno', `/cases/${caseId}/approve`, { note: 'D’accord.' }));
    expect(approved).toMatchObject({
      status: 'closed',
      decision: { kind: 'report', note: 'D’accord.' },
      reported: true,
    });

    const pdf = await get('chloe', `/cases/${caseId}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="DS-[0-9A-F]{8}\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const json = await get('chloe', `/cases/${caseId}/report.json`);
    const report = JSON.parse(json.body) as Record<string, unknown>;
    expect(report).toMatchObject({
      kind: 'declaration_de_soupcon',
      caseId,
      narrative,
      proposedBy: { id: ids.alice },
      approvedBy: { id: ids.bruno },
      findings: [{ rule: 'velocity', label: 'Rafale de virements' }],
    });
    // Sealed at rest: the stored bytes are not the PDF.
    const { rows } = await t.ctx.db.query<{ report_pdf_key: string }>(
      'select report_pdf_key from monitoring_cases where id = $1',
      [caseId],
    );
    const stored = await t.ctx.files.store.get(rows[0]?.report_pdf_key ?? '');
    expect(stored?.subarray(0, 5).toString()).not.toBe('%PDF-');

    expect((await auditsOf(account.customerId ?? '')).map((a) => [a.action, a.operator_id])).toEqual([
      ['monitoring.report_proposed', ids.alice],
      ['monitoring.report_approved', ids.bruno],
      ['monitoring.report_downloaded', ids.chloe],
      ['monitoring.report_downloaded', ids.chloe],
    ]);
    // The customer is told nothing: no event, no notification.
    const told = await t.ctx.db.query<{ n: number }>(
      `select (select count(*) from domain_events where customer_id = $1)::int
            + (select count(*) from notifications where customer_id = $1)::int as n`,
      [account.customerId],
    );
    expect(told.rows[0]?.n).toBe(0);
  });

  it('another operator may overrule a proposed report with « no_suspicion »; its proposer may not', async () => {
    const { caseId } = await velocityCase();
    ok(await post('alice', `/cases/${caseId}/decision`, { decision: 'report', note: 'Suspect.' }));
    expect(
      code(
        await post('alice', `/cases/${caseId}/decision`, {
          decision: 'no_suspicion',
          note: 'Finalement non.',
        }),
      ),
    ).toBe('monitoring_own_approval');
    const closed = ok(
      await post('chloe', `/cases/${caseId}/decision`, {
        decision: 'no_suspicion',
        note: 'Justifié par pièces.',
      }),
    );
    expect(closed).toMatchObject({ status: 'closed', decision: { kind: 'no_suspicion' }, reported: false });
    expect(code(await post('bruno', `/cases/${caseId}/approve`, {}))).toBe('monitoring_case_decided');
  });

  it('an operator activated after the proposal may not approve it', async () => {
    const { caseId } = await velocityCase();
    ok(await post('alice', `/cases/${caseId}/decision`, { decision: 'report', note: 'Suspect.' }));
    t.clock.advance(1_000);
    const late = await newOperator(t, 'compliance');
    const token = await signIn(t, late);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/monitoring/cases/${caseId}/approve`,
      headers: MUTATION,
      cookies: withOperator(token),
      payload: {},
    });
    expect(code(res)).toBe('monitoring_checker_too_recent');
  });
});
