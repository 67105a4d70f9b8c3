import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetFreeze, AssetFreezeList, Problem, ScreeningAlert } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer } from '../../testing/customers.ts';
import { newOperator, signIn } from '../operators/__tests__/testing.ts';
import {
  addPayee,
  delistEntity,
  listedPerson,
  listEntity,
  openAlert,
  operatorCalls,
  signInAlertOperators,
  type SignedOperator,
} from '../screening/__tests__/testing.ts';

// Asset freezes and their lifting under four eyes (docs/screening.md#alerts-decisions-and-freezes).
// A database of this file's own: its list versions must not become another file's list in force.

let t: TestContext;
let alice: SignedOperator;
let bruno: SignedOperator;
let chloe: SignedOperator;
let sam: SignedOperator;

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  ({ alice, bruno, chloe, sam } = await signInAlertOperators(t));
});
afterAll(() => t.close());

const { get, post } = operatorCalls(() => t);
const code = (res: { json(): unknown }) => Problem.parse(res.json()).code;

const proposeLift = (
  who: SignedOperator,
  id: string,
  reason = 'decision',
  note = 'Autorisation de l’autorité compétente.',
) => post(who, `/api/backoffice/screening/freezes/${id}/lift`, { reason, note });
const approveLift = (who: SignedOperator, id: string) =>
  post(who, `/api/backoffice/screening/freezes/${id}/approve-lift`);

function ok(res: { statusCode: number; body: string; json(): unknown }): AssetFreeze {
  expect(res.statusCode, res.body).toBe(200);
  return AssetFreeze.parse(res.json());
}

/** A customer whose confirmed match froze their funds (alice proposed, bruno approved). */
async function frozenCustomer(): Promise<{
  customerId: string;
  freezeId: string;
  logicalId: number;
  alertId: string;
}> {
  const { id: customerId } = await makeCustomer(t.ctx, { firstName: 'Jon', lastName: 'Smyth' });
  const listed = await listEntity(t.ctx, listedPerson('John', 'Smith'));
  const alertId = await openAlert(t.ctx, { customerId, listed });
  t.clock.advance(1_000);
  const proposed = await post(alice, `/api/backoffice/screening/alerts/${alertId}/decision`, {
    decision: 'confirmed',
    note: 'Concordance.',
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const approved = await post(bruno, `/api/backoffice/screening/alerts/${alertId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const freezeId = ScreeningAlert.parse(approved.json()).freezeId;
  if (!freezeId) throw new Error('no freeze');
  t.clock.advance(1_000);
  return { customerId, freezeId, logicalId: listed.logicalId, alertId };
}

const statusOf = async (freezeId: string) =>
  (await t.ctx.db.query<{ status: string }>('select status from asset_freezes where id = $1', [freezeId]))
    .rows[0]?.status;

const listed = async (who: SignedOperator, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return AssetFreezeList.parse(res.json()).items;
};

async function auditActions(customerId: string): Promise<Array<[string | null, string]>> {
  const { rows } = await t.ctx.db.query<{ operator_id: string | null; action: string }>(
    `select operator_id, action from audit_log where customer_id = $1 and action like 'asset_freeze.%' order by id`,
    [customerId],
  );
  return rows.map((r) => [r.operator_id, r.action]);
}

describe('the freezes in the back office', () => {
  it('lists the freezes in force and one customer’s, with the customer, the alert and the entity', async () => {
    const { customerId, freezeId, logicalId, alertId } = await frozenCustomer();
    const active = await listed(alice, '/api/backoffice/screening/freezes?status=active');
    const freeze = active.find((f) => f.id === freezeId);
    expect(freeze).toMatchObject({
      subjectKind: 'customer',
      customer: { id: customerId, firstName: 'Jon', lastName: 'Smyth' },
      payee: null,
      alertId,
      logicalId,
      status: 'active',
      delisted: false,
      lift: null,
    });
    expect(await listed(bruno, `/api/backoffice/customers/${customerId}/freezes`)).toEqual([freeze]);
    expect(
      (await listed(alice, '/api/backoffice/screening/freezes?status=lifted')).map((f) => f.id),
    ).not.toContain(freezeId);
  });

  it('shows a payee block with its IBAN and name', async () => {
    const { id: customerId } = await makeCustomer(t.ctx);
    const beneficiaryId = await addPayee(t.ctx, customerId, 'Jon Smyth', 'FR76 3000 6000 0112 3456 7890 189');
    const entity = await listEntity(t.ctx, listedPerson('John', 'Smith'));
    const alertId = await openAlert(t.ctx, { customerId, beneficiaryId, listed: entity });
    t.clock.advance(1_000);
    await post(alice, `/api/backoffice/screening/alerts/${alertId}/decision`, {
      decision: 'confirmed',
      note: 'Oui.',
    });
    await post(bruno, `/api/backoffice/screening/alerts/${alertId}/approve`);
    expect(await listed(alice, `/api/backoffice/customers/${customerId}/freezes`)).toEqual([
      expect.objectContaining({
        subjectKind: 'beneficiary',
        payee: { beneficiaryId, iban: 'FR7630006000011234567890189', name: 'Jon Smyth' },
      }),
    ]);
  });

  it('says delisted once the entity has left the list, and never lifts it by itself', async () => {
    const { freezeId, logicalId } = await frozenCustomer();
    await delistEntity(t.ctx, logicalId);
    const freeze = (await listed(alice, '/api/backoffice/screening/freezes')).find((f) => f.id === freezeId);
    expect(freeze).toMatchObject({ delisted: true, status: 'active' });
    expect(await statusOf(freezeId)).toBe('active');
  });

  it('stays not delisted while another confirmed entity it rests on is still listed', async () => {
    const { customerId, freezeId, logicalId } = await frozenCustomer();
    const other = await listEntity(t.ctx, listedPerson('Jonathan', 'Smythe'));
    const secondId = await openAlert(t.ctx, { customerId, listed: other });
    await post(alice, `/api/backoffice/screening/alerts/${secondId}/decision`, {
      decision: 'confirmed',
      note: 'Oui.',
    });
    const joined = await post(chloe, `/api/backoffice/screening/alerts/${secondId}/approve`);
    expect(ScreeningAlert.parse(joined.json()).freezeId).toBe(freezeId);
    await delistEntity(t.ctx, logicalId);
    const [freeze] = await listed(alice, `/api/backoffice/customers/${customerId}/freezes`);
    expect(freeze?.delisted).toBe(false);
    await delistEntity(t.ctx, other.logicalId);
    const [after] = await listed(alice, `/api/backoffice/customers/${customerId}/freezes`);
    expect(after?.delisted).toBe(true);
  });

  it('is for admin and compliance only (403 for support); unknown customer or freeze: 404', async () => {
    const { customerId, freezeId } = await frozenCustomer();
    for (const res of [
      await get(sam, '/api/backoffice/screening/freezes'),
      await get(sam, `/api/backoffice/customers/${customerId}/freezes`),
      await proposeLift(sam, freezeId),
      await approveLift(sam, freezeId),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    const unknownCustomer = await get(
      alice,
      '/api/backoffice/customers/00000000-0000-4000-8000-000000000000/freezes',
    );
    expect(code(unknownCustomer)).toBe('customer_not_found');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'rien']) {
      expect(code(await proposeLift(alice, id))).toBe('freeze_not_found');
      expect(code(await approveLift(bruno, id))).toBe('freeze_not_found');
    }
  });
});

describe('lifting a freeze takes two operators', () => {
  it('is proposed by one with a reason and a note (still in force), approved by another: lifted and audited', async () => {
    const { customerId, freezeId } = await frozenCustomer();
    const proposed = ok(
      await proposeLift(alice, freezeId, 'delisting', 'Radiation publiée au Journal officiel.'),
    );
    expect(proposed).toMatchObject({
      status: 'lift_proposed',
      lift: {
        reason: 'delisting',
        note: 'Radiation publiée au Journal officiel.',
        proposedBy: { id: alice.op.id, email: alice.op.email },
        approvedBy: null,
        liftedAt: null,
      },
    });
    // Still in force: a lifting proposed freezes as much as an active freeze.
    expect((await listed(bruno, '/api/backoffice/screening/freezes')).map((f) => f.id)).toContain(freezeId);

    const lifted = ok(await approveLift(bruno, freezeId));
    expect(lifted).toMatchObject({
      status: 'lifted',
      lift: { reason: 'delisting', proposedBy: { id: alice.op.id }, approvedBy: { id: bruno.op.id } },
    });
    expect(lifted.lift?.liftedAt).not.toBeNull();
    expect(
      (await listed(alice, '/api/backoffice/screening/freezes?status=lifted')).map((f) => f.id),
    ).toContain(freezeId);
    expect((await listed(alice, '/api/backoffice/screening/freezes')).map((f) => f.id)).not.toContain(
      freezeId,
    );
    expect(await auditActions(customerId)).toEqual([
      [bruno.op.id, 'asset_freeze.frozen'],
      [alice.op.id, 'asset_freeze.lift_proposed'],
      [bruno.op.id, 'asset_freeze.lifted'],
    ]);
    const { rows: events } = await t.ctx.db.query<{ event: { type: string } }>(
      'select event from live_events where customer_id = $1 order by seq',
      [customerId],
    );
    expect(events.map((e) => e.event.type)).toEqual(['status', 'spaces', 'status', 'spaces']);
  });

  it('is never approved by its proposer (403), nor before it is proposed (409), nor proposed twice (409)', async () => {
    const { freezeId } = await frozenCustomer();
    const early = await approveLift(bruno, freezeId);
    expect(early.statusCode).toBe(409);
    expect(code(early)).toBe('freeze_not_lift_proposed');
    ok(await proposeLift(alice, freezeId));
    const own = await approveLift(alice, freezeId);
    expect(own.statusCode).toBe(403);
    expect(code(own)).toBe('freeze_own_approval');
    const twice = await proposeLift(chloe, freezeId);
    expect(twice.statusCode).toBe(409);
    expect(code(twice)).toBe('freeze_lift_pending');
    expect(await statusOf(freezeId)).toBe('lift_proposed');
    ok(await approveLift(chloe, freezeId));
    const after = await proposeLift(alice, freezeId);
    expect(after.statusCode).toBe(409);
    expect(code(after)).toBe('freeze_lifted');
    expect(code(await approveLift(bruno, freezeId))).toBe('freeze_lifted');
  });

  it('is not approved by an operator enrolled after it was proposed (403)', async () => {
    const { freezeId } = await frozenCustomer();
    ok(await proposeLift(alice, freezeId));
    t.clock.advance(1_000);
    const newcomer = await newOperator(t, 'compliance');
    const res = await approveLift({ op: newcomer, token: await signIn(t, newcomer) }, freezeId);
    expect(res.statusCode).toBe(403);
    expect(code(res)).toBe('freeze_checker_too_recent');
    expect(await statusOf(freezeId)).toBe('lift_proposed');
  });

  it('needs a known reason and a note of at most 2,000 characters (400)', async () => {
    const { freezeId } = await frozenCustomer();
    for (const payload of [
      { reason: 'decision' },
      { reason: 'decision', note: ' ' },
      { reason: 'decision', note: 'x'.repeat(2001) },
      { reason: 'oubli', note: 'Levée.' },
    ]) {
      const res = await post(alice, `/api/backoffice/screening/freezes/${freezeId}/lift`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await statusOf(freezeId)).toBe('active');
  });

  it('lets a new confirmed match freeze the customer again once the freeze is lifted', async () => {
    const { customerId, freezeId } = await frozenCustomer();
    ok(await proposeLift(alice, freezeId));
    ok(await approveLift(bruno, freezeId));
    const entity = await listEntity(t.ctx, listedPerson('Jonas', 'Smit'));
    const alertId = await openAlert(t.ctx, { customerId, listed: entity });
    await post(alice, `/api/backoffice/screening/alerts/${alertId}/decision`, {
      decision: 'confirmed',
      note: 'Oui.',
    });
    const again = ScreeningAlert.parse(
      (await post(chloe, `/api/backoffice/screening/alerts/${alertId}/approve`)).json(),
    );
    expect(again.freezeId).not.toBe(freezeId);
    const all = await listed(alice, `/api/backoffice/customers/${customerId}/freezes`);
    expect(all.map((f) => f.status)).toEqual(['active', 'lifted']);
  });
});
