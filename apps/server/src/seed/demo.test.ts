import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Account,
  CardActivityList,
  CardList,
  DirectDebitCollectionList,
  DirectDebitMandateList,
  OperationsPage,
} from '@comptoir/contracts';
import { z } from 'zod';
import { verifyLedger } from '../ledger/index.ts';
import { loginRequest, sessionCookie } from '../testing/customers.ts';
import { customerCall } from '../testing/customer-call.ts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { ensureDemo, type DemoCredentials } from './demo.ts';

let t: TestContext;
let demo: DemoCredentials;
let cookie: string;
beforeAll(async () => {
  // The demo's e-mail addresses are fixed: a database of this file's own.
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  demo = await ensureDemo(t.ctx);
  cookie = sessionCookie(await loginRequest(t.app, demo.customer.email, demo.customer.password));
});
afterAll(() => t.close());

const accounts = async () =>
  z.array(Account).parse((await customerCall(t.app, 'GET', '/api/accounts', cookie)).json());

describe('the sandbox demo customer', () => {
  it('is seeded once: a second start finds the same credentials', async () => {
    expect(await ensureDemo(t.ctx)).toEqual(demo);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('has a main account with its pending transfer and an Espace « Vacances » fed from it', async () => {
    const [main, vacances] = await accounts();
    // 1 301,76 € of history, 300 € put aside, 45 € on its way to Léa Dubois.
    expect(main).toMatchObject({ type: 'individual', bookedBalance: 100_176, availableBalance: 95_676 });
    expect(vacances).toMatchObject({ type: 'space', name: 'Vacances', iban: null, goal: 120_000 });
    expect(vacances!.bookedBalance).toBe(30_000);
  });

  it('opened the main account before its first operation; balances after follow the dates', async () => {
    const [main] = await accounts();
    const res = await customerCall(t.app, 'GET', `/api/accounts/${main!.id}/transactions?limit=100`, cookie);
    const posted = OperationsPage.parse(res.json())
      .items.filter((o) => o.status === 'posted')
      .reverse();
    expect(posted.length).toBe(9);
    expect(new Date(main!.openedAt).getTime()).toBeLessThan(new Date(posted[0]!.createdAt).getTime());
    let balance = 0;
    for (const operation of posted) {
      balance += operation.amount;
      expect(operation.balanceAfter, operation.counterpartyName ?? '').toBe(balance);
    }
    expect(posted.find((o) => o.kind === 'internal')).toMatchObject({
      amount: -30_000,
      counterpartyName: 'Vers l’Espace Vacances',
    });
  });

  it('paid by card through the card path: the card screen’s activity and « utilisés » agree with the operations', async () => {
    const [main] = await accounts();
    const res = await customerCall(t.app, 'GET', `/api/accounts/${main!.id}/transactions?limit=100`, cookie);
    const cardOperations = OperationsPage.parse(res.json()).items.filter((o) => o.kind === 'card');
    expect(cardOperations.map((o) => [o.counterpartyName, o.amount, o.status])).toEqual([
      ['Cinéma Utopia', -4_260, 'posted'],
      ['Librairie Ernster', -1_890, 'posted'],
      ['Marché du Glacis', -6_235, 'posted'],
    ]);
    // Booked when cleared, an hour after the payment: the monthly summary counts them in their month.
    for (const o of cardOperations) {
      expect(new Date(o.postedAt!).getTime() - new Date(o.createdAt).getTime()).toBe(3_600_000);
    }

    const cards = CardList.parse((await customerCall(t.app, 'GET', '/api/cards', cookie)).json());
    const card = cards.find((c) => c.status === 'active')!;
    // Rolling windows: 7 days hold the last two payments, 30 days all three.
    expect(card).toMatchObject({ weeklySpent: 1_890 + 4_260, monthlySpent: 1_890 + 4_260 + 6_235 });
    expect(card.weeklyLimit).toBeGreaterThanOrEqual(card.weeklySpent);
    expect(card.weeklyLimit).toBeLessThanOrEqual(card.monthlyLimit);
    const activity = CardActivityList.parse(
      (await customerCall(t.app, 'GET', `/api/cards/${card.id}/activity`, cookie)).json(),
    );
    expect(activity.map((a) => [a.merchant, a.amount, a.kind])).toEqual(
      cardOperations.map((o) => [o.counterpartyName, -o.amount, 'cleared']),
    );
    // One time per payment, the purchase's, on both screens; the card screen adds the clearing's.
    expect(activity.map((a) => a.at)).toEqual(cardOperations.map((o) => o.createdAt));
    expect(activity.map((a) => a.clearedAt)).toEqual(cardOperations.map((o) => o.postedAt));
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('pays her two direct debits under mandates recorded by the direct-debit intake: she may refund or contest them', async () => {
    const mandates = DirectDebitMandateList.parse(
      (await customerCall(t.app, 'GET', '/api/direct-debits/mandates', cookie)).json(),
    ).items;
    expect(mandates.map((m) => [m.creditorName, m.creditorId, m.status]).sort()).toEqual([
      ['Energie Verte', 'FR94ZZZ555001', 'active'],
      ['Tele Lux Mobile', 'FR67ZZZ555002', 'active'],
    ]);
    const collections = DirectDebitCollectionList.parse(
      (await customerCall(t.app, 'GET', '/api/direct-debits/collections', cookie)).json(),
    ).items;
    expect(collections.map((c) => [c.creditorName, c.amount, c.status])).toEqual([
      ['Tele Lux Mobile', 1_999, 'booked'],
      ['Energie Verte', 8_940, 'booked'],
    ]);
    for (const c of collections) {
      expect(mandates.map((m) => m.id)).toContain(c.mandateId);
      expect(c.refundableUntil).not.toBeNull();
      expect(c.claimableUntil).not.toBeNull();
    }
    const [main] = await accounts();
    const res = await customerCall(t.app, 'GET', `/api/accounts/${main!.id}/transactions?limit=100`, cookie);
    const debits = OperationsPage.parse(res.json()).items.filter((o) => o.kind === 'direct_debit');
    expect(debits.map((o) => o.number)).toEqual(collections.map((c) => c.number));
  });
});
