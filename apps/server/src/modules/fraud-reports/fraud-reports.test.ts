import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeFraudReport,
  BackofficeFraudReportList,
  FraudReport,
  FraudReportList,
  PayeeVerification,
  Problem,
  SCA_TOKEN_HEADER,
  Transfer,
} from '@comptoir/contracts';
import { glAccount, ledgerBalance, verifyLedger } from '../../ledger/index.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { minimalPdf } from '../../storage/__tests__/document-samples.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { payee, sendTransfer, signedIn, transferToken } from '../transfers/__tests__/testing.ts';

// Fraud reports (docs/fraud-reports.md): the customer reports a transfer; compliance decides; an
// accepted impersonation claim is refunded in full from gl:fraud-losses; a payee IBAN reported by two
// different customers is flagged for everyone.

let t: TestContext;
let compliance: string;
let support: string;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  compliance = await signIn(t, await newOperator(t, 'compliance'));
  support = await signIn(t, await newOperator(t, 'support'));
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<typeof signedIn>>;
const code = (res: { json(): unknown }) => Problem.parse(res.json()).code;
const DESCRIPTION =
  'Un faux conseiller m’a appelé en se présentant comme la banque, pour « sécuriser » mon argent.';

/** An executed instant transfer of `amount` cents from `from` to `to`'s account, through the API. */
async function transfer(from: Customer, to: Customer, amount: number): Promise<Transfer> {
  const b = await payee(t.ctx, from.customer.id, { name: 'Compte sécurisé', iban: to.account.iban ?? '' });
  const sca = await transferToken(t.ctx, from.customer.id, amount, b);
  const res = await sendTransfer(
    t.app,
    from.cookie,
    { accountId: String(from.account.id), beneficiaryId: b.id, amount, type: 'instant' },
    { sca },
  );
  expect(res.statusCode, res.body).toBe(201);
  return Transfer.parse(res.json());
}

const report = (c: Customer, body: Record<string, unknown>) =>
  customerCall(t.app, 'POST', '/api/fraud-reports', c.cookie, body);

async function reportWithFile(c: Customer, fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'plainte.pdf');
  const response = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/fraud-reports',
    headers: {
      ...MUTATION,
      'content-type': response.headers.get('content-type') ?? '',
      cookie: c.cookie,
    },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

const bo = (method: 'GET' | 'POST', url: string, payload?: object, token = compliance) =>
  t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    cookies: withOperator(token),
    ...(method === 'POST' ? { headers: MUTATION, payload: payload ?? {} } : {}),
  });

const verify = async (c: Customer, iban: string) => {
  const res = await customerCall(t.app, 'POST', '/api/payee-verification', c.cookie, {
    iban,
    name: 'Compte sécurisé',
  });
  expect(res.statusCode, res.body).toBe(200);
  return PayeeVerification.parse(res.json());
};

describe('reporting a fraud', () => {
  it('reports an executed transfer, once; the file is optional; bad input gets a French answer', async () => {
    const victim = await signedIn(t.ctx, t.app, 100_000);
    const mule = await signedIn(t.ctx, t.app, 0);
    const sent = await transfer(victim, mule, 50_000);
    const res = await report(victim, {
      transferId: sent.id,
      kind: 'impersonation',
      description: DESCRIPTION,
      policeReportNumber: 'PV 2026/1234',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(FraudReport.parse(res.json())).toMatchObject({
      transferId: sent.id,
      kind: 'impersonation',
      status: 'submitted',
      amount: 50_000,
      payeeIban: mule.account.iban,
      hasFile: false,
      refundNumber: null,
    });
    const again = await report(victim, {
      transferId: sent.id,
      kind: 'other',
      description: DESCRIPTION,
      policeReportNumber: 'PV 2026/1234',
    });
    expect(code(again)).toBe('fraud_report_exists');

    const short = await report(victim, {
      transferId: sent.id,
      kind: 'other',
      description: 'Vol',
      policeReportNumber: 'PV 1',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ detail: string }>().detail).toBe(
      'Décrivez ce qui s’est passé (20 caractères au moins).',
    );
  });

  it('never reaches another customer’s transfer (the same answer as an unknown one)', async () => {
    const a = await signedIn(t.ctx, t.app, 10_000);
    const b = await signedIn(t.ctx, t.app, 0);
    const sent = await transfer(a, b, 1_000);
    const body = {
      transferId: sent.id,
      kind: 'other',
      description: DESCRIPTION,
      policeReportNumber: 'PV 99',
    };
    expect(code(await report(b, body))).toBe('fraud_report_transfer_not_found');
    expect(code(await report(b, { ...body, transferId: '00000000-0000-4000-8000-000000000000' }))).toBe(
      'fraud_report_transfer_not_found',
    );
    const list = FraudReportList.parse(
      (await customerCall(t.app, 'GET', '/api/fraud-reports', b.cookie)).json(),
    );
    expect(list.items).toEqual([]);
  });

  it('takes the police report’s file in multipart, sealed; compliance opens it, audited', async () => {
    const victim = await signedIn(t.ctx, t.app, 20_000);
    const mule = await signedIn(t.ctx, t.app, 0);
    const sent = await transfer(victim, mule, 5_000);
    const res = await reportWithFile(
      victim,
      { transferId: sent.id, kind: 'other', description: DESCRIPTION, policeReportNumber: 'PV 77' },
      minimalPdf(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = FraudReport.parse(res.json());
    expect(made.hasFile).toBe(true);
    expect((await bo('GET', `/fraud-reports/${made.id}/file`, undefined, support)).statusCode).toBe(403);
    const file = await bo('GET', `/fraud-reports/${made.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audit = await t.ctx.db.query(
      `select 1 from audit_log where action = 'fraud_report.file_viewed' and details->>'reportId' = $1`,
      [made.id],
    );
    expect(audit.rowCount).toBe(1);
    const bad = await reportWithFile(
      victim,
      { transferId: sent.id, kind: 'other', description: DESCRIPTION, policeReportNumber: 'PV 78' },
      Buffer.from('pas un document'),
    );
    expect(bad.statusCode).toBe(415);
  });
});

describe('compliance decides', () => {
  it('an accepted impersonation claim is refunded in full from the fraud-loss account, once', async () => {
    const victim = await signedIn(t.ctx, t.app, 100_000);
    const mule = await signedIn(t.ctx, t.app, 0);
    const sent = await transfer(victim, mule, 60_000);
    const made = FraudReport.parse(
      (
        await report(victim, {
          transferId: sent.id,
          kind: 'impersonation',
          description: DESCRIPTION,
          policeReportNumber: 'PV 2026/42',
        })
      ).json(),
    );
    const queue = BackofficeFraudReportList.parse((await bo('GET', '/fraud-reports')).json());
    expect(queue.items.find((r) => r.id === made.id)).toMatchObject({
      customer: { id: victim.customer.id },
      status: 'submitted',
      payeeReporters: 1,
    });
    expect((await bo('GET', '/fraud-reports', undefined, support)).statusCode).toBe(403);

    const losses = await glAccount(t.ctx.db, 'gl:fraud-losses');
    const lossesBefore = await ledgerBalance(t.ctx.db, losses.id);
    const decide = () =>
      bo('POST', `/fraud-reports/${made.id}/decision`, {
        decision: 'accepted',
        note: 'Plainte reçue, usurpation avérée.',
      });
    const [a, b] = await Promise.all([decide(), decide()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const decided = BackofficeFraudReport.parse((a.statusCode === 200 ? a : b).json());
    expect(decided).toMatchObject({ status: 'accepted', refundNumber: expect.stringMatching(/^st-/) });
    expect(await ledgerBalance(t.ctx.db, victim.account.id)).toBe(100_000n);
    expect(lossesBefore - (await ledgerBalance(t.ctx.db, losses.id))).toBe(60_000n);

    const mine = FraudReportList.parse(
      (await customerCall(t.app, 'GET', '/api/fraud-reports', victim.cookie)).json(),
    );
    expect(mine.items[0]).toMatchObject({ status: 'accepted', refundNumber: decided.refundNumber });
    const ops = await customerCall(
      t.app,
      'GET',
      `/api/accounts/${victim.account.id}/transactions`,
      victim.cookie,
    );
    expect(ops.body).toContain(decided.refundNumber);
  });

  it('a rejected claim, or an accepted one that is no impersonation, moves no money', async () => {
    const victim = await signedIn(t.ctx, t.app, 30_000);
    const mule = await signedIn(t.ctx, t.app, 0);
    for (const [kind, decision] of [
      ['impersonation', 'rejected'],
      ['other', 'accepted'],
    ] as const) {
      const sent = await transfer(victim, mule, 1_000);
      const made = FraudReport.parse(
        (
          await report(victim, {
            transferId: sent.id,
            kind,
            description: DESCRIPTION,
            policeReportNumber: 'PV 5',
          })
        ).json(),
      );
      const res = await bo('POST', `/fraud-reports/${made.id}/decision`, { decision, note: 'Examiné.' });
      expect(BackofficeFraudReport.parse(res.json())).toMatchObject({ status: decision, refundNumber: null });
    }
    expect(await ledgerBalance(t.ctx.db, victim.account.id)).toBe(28_000n);
    expect(
      code(
        await bo('POST', '/fraud-reports/00000000-0000-4000-8000-000000000000/decision', {
          decision: 'rejected',
          note: 'x',
        }),
      ),
    ).toBe('fraud_report_not_found');
  });
});

describe('a payee reported by two customers', () => {
  it('is flagged: Verification of Payee warns a third, adding it takes a confirmation, the CSV lists it', async () => {
    const mule = await signedIn(t.ctx, t.app, 0);
    const iban = mule.account.iban ?? '';
    const [first, second, third] = [
      await signedIn(t.ctx, t.app, 10_000),
      await signedIn(t.ctx, t.app, 10_000),
      await signedIn(t.ctx, t.app, 10_000),
    ];
    const body = (transferId: string) => ({
      transferId,
      kind: 'impersonation',
      description: DESCRIPTION,
      policeReportNumber: 'PV 8',
    });
    // One customer's two reports are one reporter: nothing flagged yet.
    for (let i = 0; i < 2; i++)
      expect((await report(first, body((await transfer(first, mule, 500)).id))).statusCode).toBe(201);
    expect((await verify(third, iban)).reportedForFraud).toBe(false);
    expect((await report(second, body((await transfer(second, mule, 500)).id))).statusCode).toBe(201);
    // The IBAN as typed with spaces and lower case is the same IBAN.
    const spaced = iban
      .toLowerCase()
      .replace(/(.{4})/g, '$1 ')
      .trim();
    expect((await verify(third, spaced)).reportedForFraud).toBe(true);

    const add = async (acknowledgeFraudWarning?: boolean) =>
      customerCall(
        t.app,
        'POST',
        '/api/beneficiaries',
        third.cookie,
        {
          name: 'Compte sécurisé',
          iban,
          confirmedMismatch: true,
          ...(acknowledgeFraudWarning ? { acknowledgeFraudWarning } : {}),
        },
        { [SCA_TOKEN_HEADER]: await grantScaToken(t.ctx, third.customer.id, 'beneficiary', { iban }) },
      );
    expect(code(await add())).toBe('payee_reported_for_fraud');
    expect((await add(true)).statusCode).toBe(201);
    // The flag closes nobody's account.
    expect((await verify(second, iban)).result).not.toBe('not_possible');

    const csv = await bo('GET', '/flagged-payees.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('IBAN;Clients signalants;Signalements;Premier signalement;Dernier signalement');
    expect(lines.find((l) => l.startsWith(`${iban};`))).toMatch(
      new RegExp(`^${iban};2;3;\\d{4}-\\d{2}-\\d{2};\\d{4}-\\d{2}-\\d{2}$`),
    );
    expect(csv.body).not.toContain(first.customer.email);
    expect((await bo('GET', '/flagged-payees.csv', undefined, support)).statusCode).toBe(403);
  });

  it('leaves the ledger balanced', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
