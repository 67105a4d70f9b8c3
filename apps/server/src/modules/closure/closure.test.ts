import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseCustomerResponse } from '@comptoir/contracts';
import { verifyAuditChain } from '../../audit/audit.ts';
import { listMailbox } from '../../mail/mailbox.ts';
import type { Db } from '../../db/types.ts';
import { customerAccounts, verifyLedger } from '../../ledger/index.ts';
import { makeTestContext, MUTATION, openOwnTestDb, type TestContext } from '../../testing/test-context.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { newOperator, signIn, withOperator } from '../operators/__tests__/testing.ts';
import { newApplicant } from '../onboarding/__tests__/testing.ts';
import { fund } from '../transfers/__tests__/testing.ts';
import { insertCustomerFreeze, markFreezeLifted } from '../../testing/asset-freezes.ts';
import { anonymiseClosedCustomers } from './anonymise-service.ts';
import { recordNotification } from '../notifications/__tests__/testing.ts';
import { saveNotificationPreferences } from '../notifications/__tests__/testing.ts';

let t: TestContext;
let db: Db;
let admin: string;
let compliance: string;
let support: string;

// The anonymisation job acts on every closed customer and the clock jumps years ahead: on
// PostgreSQL this file has a database of its own.
beforeAll(async () => {
  db = await openOwnTestDb();
  t = await makeTestContext({ rateLimits: false, customerRetentionDays: 3650 }, { db });
  admin = await signIn(t, await newOperator(t, 'admin'));
  compliance = await signIn(t, await newOperator(t, 'compliance'));
  support = await signIn(t, await newOperator(t, 'support'));
});
afterAll(async () => {
  await t.close();
  await db.close();
});

const storedPath = (key: string) => join(t.ctx.config.dataDir, 'files', key.slice(0, 2), key);
async function filesOf(customerId: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ storage_key: string }>(
    `select d.storage_key from onboarding_documents d join onboarding_applications a on a.id = d.application_id
      where a.customer_id = $1`,
    [customerId],
  );
  return rows.map((r) => storedPath(r.storage_key));
}

const call = (method: 'POST' | 'DELETE', url: string, token: string) =>
  t.app.inject({ method, url, headers: MUTATION, cookies: withOperator(token), payload: {} });
const erase = (id: string, token = admin) => call('DELETE', `/api/backoffice/customers/${id}`, token);
const close = (id: string, token = compliance) =>
  call('POST', `/api/backoffice/customers/${id}/close`, token);

/** An approved customer (main account, a card, documents), signed in. */
async function approvedCustomer() {
  const a = await newApplicant(t);
  const approved = await call('POST', `/api/backoffice/customers/${a.id}/approve`, admin);
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  const account = (await customerAccounts(t.ctx.db, a.id))[0]!;
  return { ...a, account };
}

const me = (session: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', cookies: { [CUSTOMER_COOKIE]: session } });

describe('DELETE /api/backoffice/customers/{id} (erase an applicant)', () => {
  it('erases an applicant never approved with their documents and sessions; the audit keeps the id', async () => {
    const a = await newApplicant(t);
    const files = await filesOf(a.id);
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect((await erase(a.id, compliance)).statusCode).toBe(403);
    expect((await erase(a.id, support)).statusCode).toBe(403);

    const r = await erase(a.id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: a.id, erased: true });
    expect(files.some((f) => existsSync(f))).toBe(false);
    const left = await t.ctx.db.query(
      `select (select count(*)::int from customers where id = $1) as customers,
              (select count(*)::int from onboarding_applications where customer_id = $1) as applications,
              (select count(*)::int from customer_sessions where customer_id = $1) as sessions`,
      [a.id],
    );
    expect(left.rows[0]).toEqual({ customers: 0, applications: 0, sessions: 0 });
    expect((await me(a.session)).statusCode).toBe(401);
    const audit = await t.ctx.db.query<{ action: string; details: object }>(
      `select action, details from audit_log where customer_id = $1 and action = 'customer.erased'`,
      [a.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0]!.details)).not.toContain(a.email);
    expect(await verifyAuditChain(t.ctx.db)).toBeNull();
    expect((await erase(a.id)).statusCode).toBe(404);
    expect((await erase('nope')).statusCode).toBe(404);
  });

  it('refuses a customer with ledger history (close instead)', async () => {
    const c = await approvedCustomer();
    const r = await erase(c.id);
    expect(r.statusCode).toBe(409);
    expect(r.json<{ detail: string }>().detail).toMatch(/seulement clôturé/);
  });
});

describe('POST /api/backoffice/customers/{id}/close', () => {
  it('refuses a non-zero balance and a pending manual entry, then closes: cards cancelled, sessions ended', async () => {
    const c = await approvedCustomer();
    expect((await me(c.session)).statusCode).toBe(200);
    await fund(t.ctx, c.account, 1_234);
    const notZero = await close(c.id);
    expect(notZero.statusCode).toBe(409);
    expect(notZero.json<{ detail: string }>().detail).toMatch(/le solde doit être nul/);

    // Bring the balance back to zero with a debit « régularisation »; a pending one blocks closing.
    const manual = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/backoffice/customers/${c.id}/manual-entries`,
        headers: { ...MUTATION, 'idempotency-key': `me-${randomUUID()}` },
        cookies: withOperator(compliance),
        payload: { amount, direction: 'debit', reason: 'Solde de clôture', glAccount: 'gl:adjustments' },
      });
    expect((await manual(1_234)).statusCode).toBe(201);
    const waiting = await manual(900_000);
    expect(waiting.json<{ status: string }>().status).toBe('pending');
    const blocked = await close(c.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<{ detail: string }>().detail).toMatch(/régularisation attend/);
    expect(
      (
        await call(
          'POST',
          `/api/backoffice/manual-entries/${waiting.json<{ id: string }>().id}/refuse`,
          admin,
        )
      ).statusCode,
    ).toBe(200);

    expect((await close(c.id, support)).statusCode).toBe(403);
    const r = await close(c.id);
    expect(r.statusCode).toBe(200);
    expect(r.json<CloseCustomerResponse>()).toMatchObject({ status: 'closed', cardsCancelled: 1 });
    expect((await me(c.session)).statusCode).toBe(401);
    const state = await t.ctx.db.query(
      `select c.status,
              (select array_agg(distinct status) from cards where customer_id = c.id) as cards,
              (select array_agg(distinct status) from ledger_accounts where customer_id = c.id) as accounts
         from customers c where c.id = $1`,
      [c.id],
    );
    expect(state.rows[0]).toEqual({ status: 'closed', cards: ['cancelled'], accounts: ['closed'] });
    // The customer is told, in French, in the closing's transaction.
    const mails = await listMailbox(t.ctx, c.email);
    expect(mails.filter((m) => m.subject === 'Votre compte Comptoir est clôturé')).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('Vos cartes sont annulées, vos virements programmés ne partiront pas'),
      }),
    ]);
    expect((await close(c.id)).statusCode).toBe(409);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses a customer whose funds are frozen, changing nothing; lifted, closes (docs/screening.md#freezing-in-the-payment-paths)', async () => {
    const c = await approvedCustomer();
    const freeze = await insertCustomerFreeze(t.ctx.db, c.id, { at: t.clock.now() });
    const refused = await close(c.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'account_frozen' });
    const state = await t.ctx.db.query(
      `select c.status, (select array_agg(distinct status) from cards where customer_id = c.id) as cards
         from customers c where c.id = $1`,
      [c.id],
    );
    expect(state.rows[0]).toEqual({ status: 'active', cards: ['active'] });
    expect((await me(c.session)).statusCode).toBe(200);
    await markFreezeLifted(t.ctx.db, freeze, t.clock.now());
    expect((await close(c.id)).statusCode).toBe(200);
  });

  it('refuses an applicant (erase instead) and an unknown id', async () => {
    const a = await newApplicant(t);
    expect((await close(a.id)).statusCode).toBe(409);
    expect((await close(randomUUID())).statusCode).toBe(404);
  });
});

describe('anonymisation after the retention period', () => {
  it('removes personal data and documents, keeps ledger entries; the ledger still verifies', async () => {
    const c = await approvedCustomer();
    await fund(t.ctx, c.account, 500);
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/customers/${c.id}/manual-entries`,
      headers: { ...MUTATION, 'idempotency-key': `me-${randomUUID()}` },
      cookies: withOperator(compliance),
      payload: { amount: 500, direction: 'debit', reason: 'Solde de clôture', glAccount: 'gl:adjustments' },
    });
    expect((await close(c.id)).statusCode).toBe(200);
    // A kept notification names a counterparty, and an e-mail preference was set.
    await t.ctx.db.tx(async (q) => {
      await recordNotification(t.ctx, q, c.id, {
        kind: 'credit',
        amount: 500n,
        counterparty: 'Marie Curie',
        number: null,
        reason: null,
      });
      await saveNotificationPreferences(
        q,
        c.id,
        { emailOnCredit: true, emailOnCardPayment: false },
        t.clock.now(),
      );
    });
    const files = await filesOf(c.id);
    expect(files.length).toBeGreaterThan(0);
    const postingsBefore = await t.ctx.db.query('select id from ledger_postings where account_id = $1', [
      String(c.account.id),
    ]);

    // The mails sent so far (verification, welcome) are still there, marked sent as the worker would.
    await t.ctx.db.query(
      `update mail_outbox set status = 'sent', sent_at = now() where lower(to_address) = lower($1)`,
      [c.email],
    );
    const sentBefore = await t.ctx.db.query('select 1 from mail_outbox where lower(to_address) = lower($1)', [
      c.email,
    ]);
    expect(sentBefore.rows.length).toBeGreaterThan(0);

    // Not yet: the retention period has not passed.
    expect(await anonymiseClosedCustomers(t.ctx)).toBe(0);
    t.clock.advance(3651 * 24 * 60 * 60 * 1000);
    expect(await anonymiseClosedCustomers(t.ctx)).toBeGreaterThanOrEqual(1);

    const row = await t.ctx.db.query<Record<string, unknown>>(
      `select email, first_name, last_name, phone, address, city, postal_code, birth_date, tax_id_sealed,
              status, anonymised_at is not null as anonymised
         from customers where id = $1`,
      [c.id],
    );
    expect(row.rows[0]).toEqual({
      email: `anonyme-${c.id}@anonyme.invalid`,
      first_name: null,
      last_name: null,
      phone: null,
      address: null,
      city: null,
      postal_code: null,
      birth_date: null,
      tax_id_sealed: null,
      status: 'closed',
      anonymised: true,
    });
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(await filesOf(c.id)).toEqual([]);
    const postingsAfter = await t.ctx.db.query('select id from ledger_postings where account_id = $1', [
      String(c.account.id),
    ]);
    expect(postingsAfter.rows).toEqual(postingsBefore.rows);
    expect(postingsAfter.rows.length).toBeGreaterThanOrEqual(2);
    const dump = JSON.stringify(
      (await t.ctx.db.query('select * from customers where id = $1', [c.id])).rows,
      (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
    );
    expect(dump.toLowerCase()).not.toContain(c.email.toLowerCase());
    const mails = await t.ctx.db.query('select 1 from mail_outbox where lower(to_address) = lower($1)', [
      c.email,
    ]);
    expect(mails.rows).toEqual([]);
    for (const table of ['notifications', 'notification_preferences']) {
      const kept = await t.ctx.db.query(`select 1 from ${table} where customer_id = $1`, [c.id]);
      expect(kept.rows, table).toEqual([]);
    }
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
    expect(await verifyAuditChain(t.ctx.db)).toBeNull();
    // Once only.
    expect(await anonymiseClosedCustomers(t.ctx)).toBe(0);
  });
});
