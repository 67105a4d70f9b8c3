import { randomBytes, randomUUID } from 'node:crypto';
import { issueCard } from '../modules/cards/issue-card-service.ts';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cents, nextBusinessDay, parisDate } from '@comptoir/core';
import type { AppContext } from '../context.ts';
import {
  glAccount,
  openCustomerAccount,
  postEntry,
  reserveEntry,
  type EntryInput,
  type LedgerAccount,
} from '../ledger/index.ts';
import { createCustomer, openMainAccount } from '../modules/customers/service.ts';
import { customerByEmail } from '../modules/customers/queries.ts';
import { createOperator } from '../modules/operators/operators-service.ts';
import { insertSpace } from '../modules/spaces/queries.ts';
import { moveEntry } from '../modules/spaces/move-service.ts';
import { insertTransfer } from '../modules/transfers/queries.ts';

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
 * (mode 0600) so every later start can print them again.
 */
export async function ensureDemo(ctx: AppContext): Promise<DemoCredentials> {
  const file = join(ctx.config.dataDir, 'demo-credentials.json');
  if (existsSync(file) && (await customerByEmail(ctx.db, DEMO_CUSTOMER_EMAIL))) {
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
    const vacances = await openCustomerAccount(q, {
      customerId: customer.id,
      kind: 'customer_sub',
      name: 'Vacances',
      iban: null,
      openedAt: daysAgo(now, 8, 18),
    });
    await insertSpace(q, { accountId: vacances.id, customerId: customer.id, goal: 120_000n });
    await issueCard(ctx, q, {
      customerId: customer.id,
      accountId: account.id,
      firstName: 'Camille',
      lastName: 'Martin',
    });
    const sepa = await glAccount(q, 'gl:sepa-clearing');
    const card = await glAccount(q, 'gl:card-settlement');
    const history = demoHistory(now, account, sepa, card);
    // Put 300 € aside for the holidays, in its place among the other operations.
    const move = moveEntry(
      customer.id,
      account,
      { account_id: vacances.id, name: vacances.name },
      {
        amount: 30_000,
        direction: 'in',
      },
    );
    history.push({ ...move, at: daysAgo(now, 8, 19) });
    history.sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
    for (const e of history) await postEntry(q, e);
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
    await insertTransfer(q, {
      id: transferId,
      customer_id: customer.id,
      account_id: account.id,
      beneficiary_id: null,
      payee_name: payee.name,
      payee_iban: payee.iban,
      payee_bic: null,
      payee_account_id: null,
      internal: false,
      amount: 4_500n,
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

function demoHistory(
  now: Date,
  account: LedgerAccount,
  sepa: LedgerAccount,
  card: LedgerAccount,
): EntryInput[] {
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
  ): EntryInput => {
    const gl = kind === 'card' ? card : sepa;
    return {
      kind,
      at,
      counterpartyName: name,
      reference,
      legs: [
        { accountId: account.id, amount: cents(-amount) },
        { accountId: gl.id, amount: cents(amount) },
      ],
    };
  };
  return [
    credit(245_000, at(20, 9), 'Atelier Lumière SARL', 'LU120010001234567891', 'Salaire'),
    debit('direct_debit', 8_940, at(17, 7), 'Énergie Verte', 'Électricité — échéance mensuelle'),
    debit('card', 6_235, at(14, 18), 'Marché du Glacis', 'Courses'),
    debit('transfer', 95_000, at(12, 10), 'SCI Les Tilleuls', 'Loyer'),
    credit(3_500, at(9, 15), 'Thomas Weber', 'DE89370400440532013000', 'Part du restaurant'),
    debit('card', 1_890, at(6, 13), 'Librairie Ernster', 'Livres'),
    debit('card', 4_260, at(3, 20), 'Cinéma Utopia', 'Sortie'),
    debit('direct_debit', 1_999, at(1, 8), 'Télé Lux Mobile', 'Forfait mobile'),
  ];
}
