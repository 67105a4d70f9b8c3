import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, ScreeningAlert, ScreeningAlertList } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer } from '../../testing/customers.ts';
import { newOperator, signIn } from '../operators/__tests__/testing.ts';
import {
  addPayee,
  EXPLANATION,
  listedPerson,
  listEntity,
  openAlert,
  type ListedFixture,
} from './__tests__/alerts-fixtures.ts';
import { operatorCalls, signInAlertOperators, type SignedOperator } from './__tests__/alert-operators.ts';

// The « Criblage » queue and its decisions (docs/screening.md#alerts-decisions-and-freezes).
// A database of this file's own: its list versions must not become another file's list in force.

let t: TestContext;
let alice: SignedOperator; // compliance: proposes
let bruno: SignedOperator; // admin: approves
let chloe: SignedOperator; // compliance: a third pair of eyes
let sam: SignedOperator; // support: may not see the queue

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  ({ alice, bruno, chloe, sam } = await signInAlertOperators(t));
});
afterAll(() => t.close());

const { get, post } = operatorCalls(() => t);

const decide = (
  who: SignedOperator,
  id: string,
  decision: 'false_positive' | 'confirmed',
  note = 'Vérifié.',
) => post(who, `/api/backoffice/screening/alerts/${id}/decision`, { decision, note });
const approve = (who: SignedOperator, id: string, payload?: object) =>
  post(who, `/api/backoffice/screening/alerts/${id}/approve`, payload);

const code = (res: { json(): unknown }) => Problem.parse(res.json()).code;

async function expectOk(res: { statusCode: number; body: string; json(): unknown }): Promise<ScreeningAlert> {
  expect(res.statusCode, res.body).toBe(200);
  return ScreeningAlert.parse(res.json());
}

/** A customer « Jon Smyth » and an open alert against a listed « John SMITH ». */
async function customerAlert(): Promise<{ customerId: string; alertId: string; listed: ListedFixture }> {
  const { id: customerId } = await makeCustomer(t.ctx, { firstName: 'Jon', lastName: 'Smyth' });
  const listed = await listEntity(t.ctx, listedPerson('John', 'Smith'));
  const alertId = await openAlert(t.ctx, { customerId, listed });
  t.clock.advance(1_000);
  return { customerId, alertId, listed };
}

async function freezesOf(customerId: string) {
  const { rows } = await t.ctx.db.query<{
    id: string;
    subject_kind: string;
    status: string;
    alert_id: string | null;
    beneficiary_id: string | null;
    payee_iban: string | null;
    payee_name: string | null;
  }>(
    `select id, subject_kind, status, alert_id, beneficiary_id, payee_iban, payee_name
       from asset_freezes where customer_id = $1 order by frozen_at`,
    [customerId],
  );
  return rows;
}

async function auditsOf(customerId: string) {
  const { rows } = await t.ctx.db.query<{
    operator_id: string | null;
    action: string;
    details: Record<string, unknown>;
  }>(`select operator_id, action, details from audit_log where customer_id = $1 order by id`, [customerId]);
  return rows;
}

describe('the « Criblage » queue', () => {
  it('shows the subject and the list entry side by side, with the score, its explanation and the version', async () => {
    const { customerId, alertId, listed } = await customerAlert();
    const res = await get(alice, '/api/backoffice/screening/alerts?status=open');
    expect(res.statusCode, res.body).toBe(200);
    const alert = ScreeningAlertList.parse(res.json()).items.find((a) => a.id === alertId);
    expect(alert).toMatchObject({
      status: 'open',
      subject: { kind: 'customer', customer: { id: customerId, firstName: 'Jon', lastName: 'Smyth' } },
      entry: {
        entryId: listed.entryId,
        logicalId: listed.logicalId,
        subjectType: 'person',
        aliases: [
          { wholeName: 'John SMITH', strong: true },
          { wholeName: 'Smith', strong: false },
        ],
        birthDates: [{ year: 1970, month: null, day: null }],
        regulations: [{ programme: 'TEST', numberTitle: '9999/2099 (OJ L 1)' }],
      },
      score: 88,
      explanation: EXPLANATION,
      proposal: null,
      decision: null,
      freezeId: null,
    });
    const { rows } = await t.ctx.db.query<{ version_number: number }>(
      'select version_number from sanctions_list_versions where id = $1',
      [listed.versionId],
    );
    expect(alert?.listVersion).toEqual({ id: listed.versionId, number: rows[0]?.version_number });
    expect(alert?.subject.kind === 'customer' && alert.subject.customer.customerNumber).toMatch(/^\d+$/);

    const one = await get(bruno, `/api/backoffice/screening/alerts/${alertId}`);
    expect(await expectOk(one)).toEqual(alert);
  });

  it('lists the open ones oldest first (proposals included) and the closed ones newest decided first', async () => {
    const first = await customerAlert();
    const second = await customerAlert();
    const third = await customerAlert();
    await expectOk(await decide(alice, second.alertId, 'confirmed'));
    const open = ScreeningAlertList.parse(
      (await get(alice, '/api/backoffice/screening/alerts')).json(),
    ).items;
    const ids = open.map((a) => a.id);
    expect(ids.indexOf(first.alertId)).toBeLessThan(ids.indexOf(second.alertId));
    expect(ids.indexOf(second.alertId)).toBeLessThan(ids.indexOf(third.alertId));
    expect(open.find((a) => a.id === second.alertId)?.status).toBe('confirmation_proposed');

    await expectOk(await decide(alice, third.alertId, 'false_positive'));
    t.clock.advance(1_000);
    await expectOk(await decide(alice, first.alertId, 'false_positive'));
    const closedRes = await get(alice, '/api/backoffice/screening/alerts?status=closed');
    const closed = ScreeningAlertList.parse(closedRes.json()).items.map((a) => a.id);
    expect(closed.indexOf(first.alertId)).toBeLessThan(closed.indexOf(third.alertId));
    expect(closed).not.toContain(second.alertId);
    const reopened = ScreeningAlertList.parse(
      (await get(alice, '/api/backoffice/screening/alerts')).json(),
    ).items;
    expect(reopened.map((a) => a.id)).not.toContain(first.alertId);
  });

  it('shows a beneficiary with its IBAN and the customer it belongs to', async () => {
    const { id: customerId } = await makeCustomer(t.ctx, { firstName: 'Anne', lastName: 'Durand' });
    const beneficiaryId = await addPayee(t.ctx, customerId, 'Jon Smyth', 'FR7630006000011234567890189');
    const listed = await listEntity(t.ctx, listedPerson('John', 'Smith'));
    const alertId = await openAlert(t.ctx, { customerId, beneficiaryId, listed });
    const alert = await expectOk(await get(alice, `/api/backoffice/screening/alerts/${alertId}`));
    expect(alert.subject).toEqual({
      kind: 'beneficiary',
      beneficiaryId,
      name: 'Jon Smyth',
      iban: 'FR7630006000011234567890189',
      customer: expect.objectContaining({ id: customerId, firstName: 'Anne', lastName: 'Durand' }),
    });
  });

  it('is for admin and compliance only: support is refused every route (403); an unknown alert is 404', async () => {
    const { alertId } = await customerAlert();
    for (const res of [
      await get(sam, '/api/backoffice/screening/alerts'),
      await get(sam, `/api/backoffice/screening/alerts/${alertId}`),
      await decide(sam, alertId, 'false_positive'),
      await approve(sam, alertId),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/screening/alerts' })).statusCode).toBe(
      401,
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await get(alice, `/api/backoffice/screening/alerts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(code(res)).toBe('screening_alert_not_found');
      expect(code(await decide(alice, id, 'confirmed'))).toBe('screening_alert_not_found');
    }
  });
});

describe('a false positive takes one operator', () => {
  it('closes the alert with the note, freezes nothing, and is audited without the note', async () => {
    const { customerId, alertId } = await customerAlert();
    const closed = await expectOk(
      await decide(alice, alertId, 'false_positive', 'Homonyme : né en 1985 à Nantes.'),
    );
    expect(closed).toMatchObject({
      status: 'closed',
      proposal: null,
      decision: {
        kind: 'false_positive',
        by: { id: alice.op.id, email: alice.op.email },
        note: 'Homonyme : né en 1985 à Nantes.',
      },
      freezeId: null,
    });
    expect(await freezesOf(customerId)).toEqual([]);
    const audits = await auditsOf(customerId);
    expect(audits).toEqual([
      {
        operator_id: alice.op.id,
        action: 'screening.alert_false_positive',
        details: expect.objectContaining({ alertId, subjectKind: 'customer', score: 88, withNote: true }),
      },
    ]);
    expect(JSON.stringify(audits)).not.toMatch(/Nantes|Smyth|Smith/);

    const again = await decide(bruno, alertId, 'confirmed');
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('screening_alert_decided');
  });

  it('needs a note of at most 2,000 characters and a known decision (400)', async () => {
    const { alertId } = await customerAlert();
    for (const payload of [
      { decision: 'false_positive' },
      { decision: 'false_positive', note: '   ' },
      { decision: 'false_positive', note: 'x'.repeat(2001) },
      { decision: 'peut-être', note: 'Vérifié.' },
    ]) {
      const res = await post(alice, `/api/backoffice/screening/alerts/${alertId}/decision`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    await expectOk(await decide(alice, alertId, 'false_positive', 'x'.repeat(2000)));
  });
});

describe('a confirmation takes two operators', () => {
  it('is proposed by one, nothing frozen yet; approved by another, the funds are frozen in the same step', async () => {
    const { customerId, alertId } = await customerAlert();
    const proposed = await expectOk(
      await decide(alice, alertId, 'confirmed', 'Même date de naissance, même ville.'),
    );
    expect(proposed).toMatchObject({
      status: 'confirmation_proposed',
      proposal: { by: { id: alice.op.id }, note: 'Même date de naissance, même ville.' },
      decision: null,
      freezeId: null,
    });
    expect(await freezesOf(customerId)).toEqual([]);

    const approved = await expectOk(await approve(bruno, alertId, { note: 'Concordance confirmée.' }));
    expect(approved).toMatchObject({
      status: 'closed',
      proposal: { by: { id: alice.op.id } },
      decision: {
        kind: 'confirmed',
        by: { id: bruno.op.id, email: bruno.op.email },
        note: 'Concordance confirmée.',
      },
    });
    const freezes = await freezesOf(customerId);
    expect(freezes).toEqual([
      expect.objectContaining({
        id: approved.freezeId,
        subject_kind: 'customer',
        status: 'active',
        alert_id: alertId,
      }),
    ]);

    expect((await auditsOf(customerId)).map((a) => [a.operator_id, a.action, a.details.alertId])).toEqual([
      [alice.op.id, 'screening.confirmation_proposed', alertId],
      [bruno.op.id, 'asset_freeze.frozen', alertId],
      [bruno.op.id, 'screening.confirmation_approved', alertId],
    ]);
    const approval = (await auditsOf(customerId)).at(-1);
    expect(approval?.details).toMatchObject({
      proposerId: alice.op.id,
      freezeId: approved.freezeId,
      freezeCreated: true,
    });
  });

  it('is never approved by its proposer (403), nor proposed twice (409), nor approved before it is proposed (409)', async () => {
    const { customerId, alertId } = await customerAlert();
    const early = await approve(bruno, alertId);
    expect(early.statusCode).toBe(409);
    expect(code(early)).toBe('screening_alert_not_proposed');

    await expectOk(await decide(alice, alertId, 'confirmed'));
    const own = await approve(alice, alertId);
    expect(own.statusCode).toBe(403);
    expect(code(own)).toBe('screening_own_approval');
    const twice = await decide(chloe, alertId, 'confirmed');
    expect(twice.statusCode).toBe(409);
    expect(code(twice)).toBe('screening_confirmation_pending');
    expect(await freezesOf(customerId)).toEqual([]);

    await expectOk(await approve(chloe, alertId));
    const again = await approve(bruno, alertId);
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('screening_alert_decided');
    expect(await freezesOf(customerId)).toHaveLength(1);
  });

  it('is not approved by an operator enrolled after it was proposed (403)', async () => {
    const { customerId, alertId } = await customerAlert();
    await expectOk(await decide(alice, alertId, 'confirmed'));
    t.clock.advance(1_000);
    const newcomer = await newOperator(t, 'admin');
    const res = await approve({ op: newcomer, token: await signIn(t, newcomer) }, alertId);
    expect(res.statusCode).toBe(403);
    expect(code(res)).toBe('screening_checker_too_recent');
    expect(await freezesOf(customerId)).toEqual([]);
    await expectOk(await approve(bruno, alertId));
  });

  it('of two approvals racing, one wins and the other is refused (409): one freeze', async () => {
    const { customerId, alertId } = await customerAlert();
    await expectOk(await decide(alice, alertId, 'confirmed'));
    const answers = await Promise.all([approve(bruno, alertId), approve(chloe, alertId)]);
    expect(answers.map((r) => r.statusCode).toSorted()).toEqual([200, 409]);
    expect(code(answers.find((r) => r.statusCode === 409)!)).toBe('screening_alert_decided');
    expect(await freezesOf(customerId)).toHaveLength(1);
    const approvals = (await auditsOf(customerId)).filter(
      (a) => a.action === 'screening.confirmation_approved',
    );
    expect(approvals).toHaveLength(1);
  });

  it('may be overruled as a false positive by another operator, with a note — never by its proposer alone', async () => {
    const { customerId, alertId } = await customerAlert();
    await expectOk(await decide(alice, alertId, 'confirmed'));
    const own = await decide(alice, alertId, 'false_positive', 'Je me suis trompée.');
    expect(own.statusCode).toBe(403);
    expect(code(own)).toBe('screening_own_approval');

    const overruled = await expectOk(await decide(chloe, alertId, 'false_positive', 'Passeport différent.'));
    expect(overruled).toMatchObject({
      status: 'closed',
      proposal: { by: { id: alice.op.id } },
      decision: { kind: 'false_positive', by: { id: chloe.op.id }, note: 'Passeport différent.' },
      freezeId: null,
    });
    expect(await freezesOf(customerId)).toEqual([]);
    expect((await auditsOf(customerId)).map((a) => a.action)).toEqual([
      'screening.confirmation_proposed',
      'screening.confirmation_rejected',
    ]);
  });

  it('joins the freeze already in force when a second match of the customer is confirmed', async () => {
    const { customerId, alertId } = await customerAlert();
    const other = await listEntity(t.ctx, listedPerson('Jonathan', 'Smythe'));
    const secondId = await openAlert(t.ctx, { customerId, listed: other });
    await expectOk(await decide(alice, alertId, 'confirmed'));
    const first = await expectOk(await approve(bruno, alertId));
    await expectOk(await decide(alice, secondId, 'confirmed'));
    const second = await expectOk(await approve(chloe, secondId));
    expect(second.freezeId).toBe(first.freezeId);
    expect(await freezesOf(customerId)).toHaveLength(1);
  });

  it('of a beneficiary blocks the payee by its canonical IBAN and the name screened, and freezes nothing else', async () => {
    const { id: customerId } = await makeCustomer(t.ctx, { firstName: 'Anne', lastName: 'Durand' });
    const beneficiaryId = await addPayee(t.ctx, customerId, 'Jon Smyth', 'fr76 3000 6000 0112 3456 7890 189');
    const listed = await listEntity(t.ctx, listedPerson('John', 'Smith'));
    const alertId = await openAlert(t.ctx, { customerId, beneficiaryId, listed });
    t.clock.advance(1_000);
    await expectOk(await decide(alice, alertId, 'confirmed'));
    const approved = await expectOk(await approve(bruno, alertId));
    expect(await freezesOf(customerId)).toEqual([
      {
        id: approved.freezeId,
        subject_kind: 'beneficiary',
        status: 'active',
        alert_id: alertId,
        beneficiary_id: beneficiaryId,
        payee_iban: 'FR7630006000011234567890189',
        payee_name: 'Jon Smyth',
      },
    ]);
    expect((await auditsOf(customerId)).map((a) => a.action)).toEqual([
      'screening.confirmation_proposed',
      'asset_freeze.payee_blocked',
      'screening.confirmation_approved',
    ]);
  });

  it('never tells the customer why: no mail, no notification, only neutral live events', async () => {
    const customer = await makeCustomer(t.ctx, { firstName: 'Jon', lastName: 'Smyth' });
    const listed = await listEntity(t.ctx, listedPerson('John', 'Smith'));
    const alertId = await openAlert(t.ctx, { customerId: customer.id, listed });
    t.clock.advance(1_000);
    await expectOk(await decide(alice, alertId, 'confirmed'));
    await expectOk(await approve(bruno, alertId));

    const mails = await t.ctx.db.query('select 1 from mail_outbox where lower(to_address) = lower($1)', [
      customer.email,
    ]);
    expect(mails.rowCount).toBe(0);
    const notes = await t.ctx.db.query('select 1 from notifications where customer_id = $1', [customer.id]);
    expect(notes.rowCount).toBe(0);
    const { rows: events } = await t.ctx.db.query<{ event: { type: string } }>(
      'select event from live_events where customer_id = $1 order by seq',
      [customer.id],
    );
    expect(events.map((e) => e.event)).toEqual([{ type: 'status', status: 'active' }, { type: 'spaces' }]);
    expect(JSON.stringify(events)).not.toContain(alertId);
    expect(JSON.stringify(events)).not.toContain(String(listed.logicalId));
  });
});
