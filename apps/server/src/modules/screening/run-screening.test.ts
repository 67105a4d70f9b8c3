import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedEntry } from '../sanctions-lists/index.ts';
import { MUTATION, makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { runScreening } from './run-screening-service.ts';
import {
  addBeneficiary,
  alertsOf,
  closeAlert,
  customerNamed,
  listedPerson,
  loadListVersion,
  screeningsOf,
  setIdentity,
} from './__tests__/screening-fixtures.ts';

// The screening job (docs/screening.md#screening): who is due and why, once each; the alerts it
// opens, and those it does not open again; the threshold it applies.

const DAY = 24 * 60 * 60 * 1000;

const KRASNOV = listedPerson(1001, 'Viktor', 'KRASNOV', { year: 1961, month: 5, day: 2 });
const BELYAEVA = listedPerson(1002, 'Oksana', 'BELYAEVA', { year: 1975, month: 11, day: 20 });
const HALVORSEN = listedPerson(1003, 'Ingrid', 'HALVORSEN', { year: 1968, month: 2, day: 9 });
const LIST: ParsedEntry[] = [KRASNOV, BELYAEVA, HALVORSEN];

/** Moves the test clock to an instant (ISO with its offset). */
const setNow = (t: TestContext, iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

/** Runs the job until nobody is due; returns how many subjects it screened. */
async function drain(t: TestContext): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await runScreening(t.ctx);
    if (n === 0) return total;
    total += n;
  }
}

const reasons = async (t: TestContext, customerId: string, kind: 'customer' | 'beneficiary' = 'customer') =>
  (await screeningsOf(t.ctx, customerId)).filter((s) => s.subject_kind === kind).map((s) => s.reason);

describe('the screening job', () => {
  let t: TestContext;

  beforeAll(async () => {
    // The job acts on every customer of its database: its own.
    t = await makeTestContext({}, { ownDatabase: true });
    await loadListVersion(t.ctx, LIST);
  });
  afterAll(() => t.close());

  it('screens customers who submitted an application or hold an account, once, as new subjects — never drafts, rejected or closed', async () => {
    const screened = {
      active: await customerNamed(t.ctx, 'Lucie', 'Fabre', '1990-04-01', 'active'),
      pending_review: await customerNamed(t.ctx, 'Paul', 'Garnier', '1985-07-12', 'pending_review'),
      corrections_requested: await customerNamed(
        t.ctx,
        'Inès',
        'Roux',
        '1979-01-30',
        'corrections_requested',
      ),
    };
    const left = {
      pending_email: await customerNamed(t.ctx, 'Hugo', 'Blanc', null, 'pending_email'),
      rejected: await customerNamed(t.ctx, 'Léa', 'Morel', '1992-03-03', 'rejected'),
      closed: await customerNamed(t.ctx, 'Jules', 'Perrin', '1970-10-10', 'closed'),
    };
    await drain(t);
    for (const [status, id] of Object.entries(screened)) {
      expect(await screeningsOf(t.ctx, id), status).toMatchObject([
        {
          subject_kind: 'customer',
          subject_id: id,
          reason: 'new_subject',
          outcome: 'clear',
          version_number: 1,
          threshold: 80,
        },
      ]);
    }
    for (const [status, id] of Object.entries(left)) expect(await reasons(t, id), status).toEqual([]);
    // Nothing is due again the same day.
    expect(await runScreening(t.ctx)).toBe(0);
    for (const id of Object.values(screened)) expect(await reasons(t, id)).toEqual(['new_subject']);
  });

  it('screens a customer again when their name or birth date changes, not when another field does', async () => {
    const id = await customerNamed(t.ctx, 'Marc', 'Lefèvre', '1966-06-06');
    await drain(t);
    await setIdentity(t.ctx, id, { city: 'Nancy' });
    expect(await drain(t)).toBe(0);
    await setIdentity(t.ctx, id, { lastName: 'Lefebvre' });
    await drain(t);
    await setIdentity(t.ctx, id, { birthDate: '1966-06-07' });
    await drain(t);
    await setIdentity(t.ctx, id, { firstName: 'Marco' });
    await drain(t);
    expect(await reasons(t, id)).toEqual([
      'new_subject',
      'identity_change',
      'identity_change',
      'identity_change',
    ]);
  });

  it('screens every customer once each Paris calendar day, by the clock: not again before midnight in Paris, once after it', async () => {
    // 23:50 in Paris (UTC+1 in winter).
    setNow(t, '2031-01-15T23:50:00+01:00');
    await drain(t);
    const id = await customerNamed(t.ctx, 'Anne', 'Lambert', '1988-08-08');
    await drain(t);
    setNow(t, '2031-01-15T23:59:00+01:00');
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject']);
    // 00:05 in Paris on the 16th: still the 15th in UTC, a new day in Paris.
    setNow(t, '2031-01-15T23:05:00Z');
    const dailies = await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'daily']);
    expect(dailies).toBeGreaterThanOrEqual(5);
    setNow(t, '2031-01-16T22:00:00+01:00');
    expect(await drain(t)).toBe(0);
    expect(await reasons(t, id)).toEqual(['new_subject', 'daily']);
  });

  it('screens a beneficiary by name when added and after a new list version, never daily', async () => {
    const id = await customerNamed(t.ctx, 'Sophie', 'Marchand', '1981-12-24');
    await drain(t);
    const beneficiary = await addBeneficiary(t.ctx, id, 'Jeanne Dupont');
    expect(await drain(t)).toBe(1);
    expect(await screeningsOf(t.ctx, id)).toMatchObject([
      { subject_kind: 'customer', reason: 'new_subject' },
      { subject_kind: 'beneficiary', subject_id: beneficiary, reason: 'new_subject', outcome: 'clear' },
    ]);
    t.clock.advance(DAY);
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'daily']);
    expect(await reasons(t, id, 'beneficiary')).toEqual(['new_subject']);
    const version = await loadListVersion(t.ctx, [
      ...LIST,
      listedPerson(1004, 'Bruno', 'VASSEUR', { year: 1959 }),
    ]);
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'daily', 'list_version']);
    expect(await reasons(t, id, 'beneficiary')).toEqual(['new_subject', 'list_version']);
    expect((await screeningsOf(t.ctx, id)).at(-1)?.version_number).toBe(version.number);
  });

  it('opens one alert for a possible match, with its explanation, and not another when the customer is screened again', async () => {
    const id = await customerNamed(t.ctx, 'Viktor', 'Krasnov', '1961-05-02');
    await drain(t);
    const [first] = await screeningsOf(t.ctx, id);
    expect(first).toMatchObject({ reason: 'new_subject', outcome: 'possible_match' });
    const alerts = await alertsOf(t.ctx, id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      subject_kind: 'customer',
      subject_id: id,
      logical_id: '1001',
      status: 'open',
    });
    expect(alerts[0]?.score).toBeGreaterThanOrEqual(80);
    expect(alerts[0]?.explanation).toMatchObject({ alias: 'Viktor KRASNOV', strong: true });
    t.clock.advance(DAY);
    await drain(t);
    expect((await screeningsOf(t.ctx, id)).map((s) => [s.reason, s.outcome])).toEqual([
      ['new_subject', 'possible_match'],
      ['daily', 'possible_match'],
    ]);
    expect(await alertsOf(t.ctx, id)).toHaveLength(1);
  });

  it('remembers a false positive: not reopened by the next screenings, reopened when the customer’s name changes', async () => {
    const id = await customerNamed(t.ctx, 'Oksana', 'Belyaeva', '1975-11-20');
    await drain(t);
    const [alert] = await alertsOf(t.ctx, id);
    await closeAlert(t.ctx, alert?.id ?? '', 'false_positive');
    t.clock.advance(DAY);
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'daily']);
    expect((await alertsOf(t.ctx, id)).map((a) => a.status)).toEqual(['closed']);
    // The same person, the name now written with its accent: another identity to decide on.
    t.clock.advance(60_000);
    await setIdentity(t.ctx, id, { firstName: 'Oksána' });
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'daily', 'identity_change']);
    expect((await alertsOf(t.ctx, id)).map((a) => a.status)).toEqual(['closed', 'open']);
  });

  it('reopens a false positive when the listed entry’s content changes, not for a new version that leaves it as it was', async () => {
    const id = await customerNamed(t.ctx, 'Ingrid', 'Halvorsen', '1968-02-09');
    await drain(t);
    const [alert] = await alertsOf(t.ctx, id);
    await closeAlert(t.ctx, alert?.id ?? '', 'false_positive');
    await loadListVersion(t.ctx, [...LIST, listedPerson(1005, 'Nadia', 'OSTROVA', { year: 1980 })]);
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'list_version']);
    expect(await alertsOf(t.ctx, id)).toHaveLength(1);
    const amended = {
      ...HALVORSEN,
      identifications: [{ type: 'passport', number: 'X0000001', country: 'NO' }],
    };
    t.clock.advance(60_000);
    await loadListVersion(t.ctx, [KRASNOV, BELYAEVA, amended]);
    await drain(t);
    expect(await reasons(t, id)).toEqual(['new_subject', 'list_version', 'list_version']);
    expect((await alertsOf(t.ctx, id)).map((a) => [a.logical_id, a.status])).toEqual([
      ['1003', 'closed'],
      ['1003', 'open'],
    ]);
  });

  it('keeps its threshold in settings: read by admin and compliance, changed by an admin only (audited), applied from the next screening', async () => {
    const signedIn = async (role: 'admin' | 'compliance' | 'support') => {
      const op = await newOperator(t, role);
      return { op, cookies: withOperator(await signIn(t, op)) };
    };
    type Signed = Awaited<ReturnType<typeof signedIn>>;
    const admin = await signedIn('admin');
    const compliance = await signedIn('compliance');
    const support = await signedIn('support');
    const read = (who: Signed) =>
      t.app.inject({ method: 'GET', url: '/api/backoffice/screening/settings', cookies: who.cookies });
    const put = (who: Signed, matchThreshold: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/backoffice/screening/settings',
        headers: MUTATION,
        cookies: who.cookies,
        payload: { matchThreshold },
      });
    expect((await read(compliance)).json()).toMatchObject({ matchThreshold: 80 });
    expect((await read(support)).statusCode).toBe(403);
    expect((await put(compliance, 90)).statusCode).toBe(403);
    expect((await put(admin, 0)).statusCode).toBe(400);
    expect((await put(admin, 101)).statusCode).toBe(400);
    const changed = await put(admin, 90);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ matchThreshold: 90, updatedBy: admin.op.email });
    expect((await read(admin)).json()).toMatchObject({ matchThreshold: 90 });
    const { rows } = await t.ctx.db.query<{ operator_id: string; details: unknown }>(
      `select operator_id, details from audit_log where action = 'screening.threshold_changed' order by id`,
    );
    expect(rows).toEqual([{ operator_id: admin.op.id, details: { from: 80, to: 90 } }]);

    const id = await customerNamed(t.ctx, 'Rémi', 'Carpentier', '1977-05-05');
    await drain(t);
    expect(await screeningsOf(t.ctx, id)).toMatchObject([{ reason: 'new_subject', threshold: 90 }]);
    expect((await put(admin, 80)).statusCode).toBe(200);
  });
});
