import { randomBytes, randomUUID } from 'node:crypto';
import { issueCard } from '../modules/cards/index.ts';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  businessDayOnOrAfter,
  cents,
  isBusinessDay,
  nextBusinessDay,
  parisDate,
  previousBusinessDay,
} from '@comptoir/core';
import type { SandboxDirectDebitRequest } from '@comptoir/contracts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { glAccount, postEntry, reserveEntry, type EntryInput, type LedgerAccount } from '../ledger/index.ts';
import { payPastByCard, type PastCardPayment, setPastCardLimits } from '../modules/cards/index.ts';
import { createCustomer } from '../modules/customers/index.ts';
import { openMainAccount } from '../modules/accounts/index.ts';
import { findCustomerByEmail } from '../modules/customers/index.ts';
import { collectPastDirectDebit } from '../modules/direct-debits/index.ts';
import { createOperator } from '../modules/operators/index.ts';
import { openPastSpace } from '../modules/spaces/index.ts';
import { moveEntry } from '../modules/spaces/index.ts';
import { recordReservedTransfer } from '../modules/transfers/index.ts';
import { ensureSandboxSanctionsList } from '../modules/sanctions-lists/index.ts';

export const DEMO_CUSTOMER_EMAIL = 'camille.martin@demo.comptoir.example';
export const DEMO_OPERATOR_EMAIL = 'operateur@demo.comptoir.example';

export interface DemoCredentials {
  customer: { email: string; password: string };
  operator: { email: string; password: string; totpSecret: string };
}

/** `d` days before `now`, at `hour` o'clock in Luxembourg's winter time (an hour later in summer). */
function daysAgo(now: Date, d: number, hour: number): Date {
  const at = new Date(now.getTime() - d * 86_400_000);
  at.setUTCHours(hour - 1, 0, 0, 0);
  return at;
}

const password = () => `Demo-${randomBytes(9).toString('base64url')}`;

/**
 * Sandbox only: at first start, a demo operator and a demo customer whose account, opened three
 * weeks ago, has a real history posted through the ledger in date order, and an Espace
 * « Vacances » with a goal, fed by a move from the main account. The credentials are kept in $DATA_DIR/demo-credentials.json
 * (mode 0600) so every later start can print them again. At every start, the fictional sanctions
 * list is loaded when no list ever was (docs/screening.md#the-list).
 */
export async function ensureDemo(ctx: AppContext): Promise<DemoCredentials> {
  await ensureSandboxSanctionsList(ctx);
  const file = join(ctx.config.dataDir, 'demo-credentials.json');
  if (existsSync(file) && (await findCustomerByEmail(ctx.db, DEMO_CUSTOMER_EMAIL))) {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
  }
  const operatorPassword = password();
  const { totpSecret } = await createOperator(
    ctx,
    {
      email: DEMO_OPERATOR_EMAIL,
      password: operatorPassword,
      role: 'admin',
      name: 'Opérateur de démonstration',
    },
    { via: 'seed' },
  );
  const customerPassword = password();
  await ctx.db.tx(async (q) => {
    const customer = await createCustomer(q, {
      email: DEMO_CUSTOMER_EMAIL,
      password: customerPassword,
      status: 'active',
      firstName: 'Camille',
      lastName: 'Martin',
      phone: '+352621000000',
    });
    const now = ctx.clock.now();
    const account = await openMainAccount(ctx, q, customer.id, { openedAt: daysAgo(now, 21, 9) });
    const vacances = await openPastSpace(q, {
      customerId: customer.id,
      name: 'Vacances',
      goal: 120_000n,
      openedAt: daysAgo(now, 8, 18),
    });
    // The card came with the account, three weeks ago; she raised its limits for her first payments.
    const openedAt = daysAgo(now, 21, 9);
    const card = await issueCard({ ...ctx, clock: { now: () => openedAt } }, q, {
      customerId: customer.id,
      accountId: account.id,
      firstName: 'Camille',
      lastName: 'Martin',
    });
    await setPastCardLimits(
      q,
      card.id,
      {
        weeklyLimit: 30_000,
        monthlyLimit: 100_000,
        channels: card.channels,
      },
      openedAt,
    );
    const sepa = await glAccount(q, 'gl:sepa-clearing');
    const history: DemoEvent[] = demoHistory(now, account, sepa).map((entry) => ({ entry }));
    history.push(...demoCardPayments(now).map((payment) => ({ payment })));
    history.push(...demoDirectDebits(now, account).map((directDebit) => ({ directDebit })));
    // Put 300 € aside for the holidays, in its place among the other operations.
    const move = moveEntry(
      customer.id,
      account,
      { account_id: vacances.id, name: vacances.name },
      {
        amount: 30_000,
        direction: 'in',
      },
      daysAgo(now, 8, 19),
    );
    history.push({ entry: move });
    history.sort((a, b) => eventTime(a) - eventTime(b));
    for (const event of history) {
      if ('entry' in event) await postEntry(q, event.entry);
      else if ('payment' in event) await payPastByCard(ctx, q, card, event.payment);
      else await collectDirectDebit(ctx, q, event.directDebit);
    }
    // A one-off transfer still in progress: available and booked balances differ.
    // It is a real transfer: the execute-due job books it on the next business day, and it can be
    // cancelled until then. (No beneficiary row: a transfer keeps its own copy of the payee.)
    const payee = { name: 'Léa Dubois', iban: 'FR7630006000011234567890189' };
    const at = new Date(ctx.clock.now().getTime() - 3_600_000);
    const transferId = randomUUID();
    const ref = await reserveEntry(q, {
      kind: 'transfer',
      at,
      counterpartyName: payee.name,
      counterpartyIban: payee.iban,
      reference: 'Remboursement week-end',
      initiatedByCustomer: customer.id,
      metadata: { transferId },
      legs: [
        { accountId: account.id, amount: cents(-4_500) },
        { accountId: sepa.id, amount: cents(4_500) },
      ],
    });
    await recordReservedTransfer(q, {
      id: transferId,
      customer_id: customer.id,
      account_id: account.id,
      beneficiary_id: null,
      payee_name: payee.name,
      payee_iban: payee.iban,
      payee_bic: null,
      payee_account_id: null,
      internal: false,
      amount: cents(4_500),
      reference: 'Remboursement week-end',
      type: 'standard',
      status: 'pending',
      execution_date: nextBusinessDay(parisDate(at)),
      repeat: null,
      occurrence: 1,
      series_start: null,
      entry_id: ref.entryId,
      number: ref.number,
      now: at,
    });
  });
  const credentials: DemoCredentials = {
    customer: { email: DEMO_CUSTOMER_EMAIL, password: customerPassword },
    operator: { email: DEMO_OPERATOR_EMAIL, password: operatorPassword, totpSecret },
  };
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return credentials;
}

/** A card payment of the demo: authorised at `at`, cleared by the merchant's bank an hour later. */
type DemoCardPayment = PastCardPayment;

type DemoEvent = { entry: EntryInput } | { payment: DemoCardPayment } | { directDebit: DemoDirectDebit };
const eventTime = (event: DemoEvent): number =>
  'entry' in event
    ? (event.entry.at?.getTime() ?? 0)
    : 'payment' in event
      ? event.payment.at.getTime()
      : event.directDebit.executedAt.getTime();

/**
 * A SEPA direct debit of the demo, as a creditor's bank sends it: announced on the account's IBAN
 * after the opening, booked on its due date (a TARGET2 business day) at `executedAt`.
 */
interface DemoDirectDebit {
  body: SandboxDirectDebitRequest;
  announcedAt: Date;
  executedAt: Date;
}

/**
 * Her two mandates, each with its first collection debited: her electricity (due on the business
 * day on or after 17 days ago) and her mobile plan (the business day on or before yesterday).
 */
function demoDirectDebits(now: Date, account: LedgerAccount): DemoDirectDebit[] {
  const openedAt = daysAgo(now, 21, 9);
  const announcedAt = new Date(openedAt.getTime() + 3_600_000);
  const yesterday = parisDate(daysAgo(now, 1, 8));
  const collection = (
    dueDate: string,
    hourUtc: number,
    fields: Pick<
      SandboxDirectDebitRequest,
      'creditorId' | 'creditorName' | 'mandateId' | 'amount' | 'remittanceInfo'
    >,
  ): DemoDirectDebit => ({
    body: {
      ...fields,
      iban: account.iban ?? '',
      mandateSignedOn: parisDate(openedAt),
      sequence: 'FRST',
      dueDate,
    },
    announcedAt,
    executedAt: new Date(`${dueDate}T${String(hourUtc).padStart(2, '0')}:00:00Z`),
  });
  return [
    collection(businessDayOnOrAfter(parisDate(daysAgo(now, 17, 7))), 6, {
      creditorId: 'FR94ZZZ555001',
      creditorName: 'Energie Verte',
      mandateId: 'EV-2024-004217',
      amount: 8_940,
      remittanceInfo: 'Electricite - echeance mensuelle',
    }),
    collection(isBusinessDay(yesterday) ? yesterday : previousBusinessDay(yesterday), 7, {
      creditorId: 'FR67ZZZ555002',
      creditorName: 'Tele Lux Mobile',
      mandateId: 'TLM-77310',
      amount: 1_999,
      remittanceInfo: 'Forfait mobile',
    }),
  ];
}

/** Through the direct-debit intake and execution themselves: the mandate, the collection, the booking. */
async function collectDirectDebit(ctx: AppContext, q: Queryable, d: DemoDirectDebit): Promise<void> {
  const done = await collectPastDirectDebit(ctx, q, d.body, d);
  if (done.status !== 'booked') throw new Error(`demo direct debit not booked: ${done.return_reason ?? ''}`);
}

function demoCardPayments(now: Date): DemoCardPayment[] {
  return [
    { amount: 6_235, at: daysAgo(now, 14, 18), merchant: 'Marché du Glacis', channel: 'in_store' },
    { amount: 1_890, at: daysAgo(now, 6, 13), merchant: 'Librairie Ernster', channel: 'online' },
    { amount: 4_260, at: daysAgo(now, 3, 20), merchant: 'Cinéma Utopia', channel: 'in_store' },
  ];
}

function demoHistory(now: Date, account: LedgerAccount, sepa: LedgerAccount): EntryInput[] {
  const at = (d: number, hour: number) => daysAgo(now, d, hour);
  const credit = (amount: number, at: Date, name: string, iban: string, reference: string): EntryInput => ({
    kind: 'transfer',
    at,
    counterpartyName: name,
    counterpartyIban: iban,
    reference,
    legs: [
      { accountId: sepa.id, amount: cents(-amount) },
      { accountId: account.id, amount: cents(amount) },
    ],
  });
  const debit = (
    kind: EntryInput['kind'],
    amount: number,
    at: Date,
    name: string,
    reference: string,
  ): EntryInput => ({
    kind,
    at,
    counterpartyName: name,
    reference,
    legs: [
      { accountId: account.id, amount: cents(-amount) },
      { accountId: sepa.id, amount: cents(amount) },
    ],
  });
  return [
    credit(245_000, at(20, 9), 'Atelier Lumière SARL', 'LU120010001234567891', 'Salaire'),
    debit('transfer', 95_000, at(12, 10), 'SCI Les Tilleuls', 'Loyer'),
    credit(3_500, at(9, 15), 'Thomas Weber', 'DE89370400440532013000', 'Part du restaurant'),
  ];
}
