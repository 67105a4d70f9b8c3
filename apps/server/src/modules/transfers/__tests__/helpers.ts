import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { cents, parisDate } from '@comptoir/core';
import { SCA_TOKEN_HEADER, transferScaDetails, type CreateTransferRequest } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';
import { customerAccounts, glAccount, postEntry, type LedgerAccount } from '../../../ledger/index.ts';
import { MUTATION } from '../../../testing/test-basics.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../../testing/customers.ts';
import { recordCheckedBeneficiary, type BeneficiaryRow } from '../../beneficiaries/index.ts';
import { grantScaToken } from '../../sca/__tests__/testing.ts';

/** Test factories and HTTP helpers for the transfer tests (never imported by production code). */

export interface Party {
  customer: TestCustomer;
  account: LedgerAccount;
}

/** An active customer with an IBAN, funded with `funding` cents from gl:sepa-clearing. */
export async function party(
  ctx: AppContext,
  funding: number,
  names: { firstName?: string; lastName?: string } = {},
): Promise<Party> {
  const customer = await makeCustomer(ctx, names);
  const account = (await customerAccounts(ctx.db, customer.id))[0];
  if (!account) throw new Error('no account');
  if (funding > 0) await fund(ctx, account, funding);
  return { customer, account };
}

export async function fund(
  ctx: AppContext,
  account: Pick<LedgerAccount, 'id'>,
  amount: number,
): Promise<void> {
  await ctx.db.tx(async (q) => {
    const clearing = await glAccount(q, 'gl:sepa-clearing');
    await postEntry(q, {
      kind: 'transfer',
      legs: [
        { accountId: clearing.id, amount: cents(-amount) },
        { accountId: account.id, amount: cents(amount) },
      ],
      at: ctx.clock.now(),
    });
  });
}

export const payee = (
  ctx: AppContext,
  customerId: string,
  b: { name: string; iban: string; bic?: string | null },
): Promise<BeneficiaryRow> =>
  ctx.db.tx((q) =>
    recordCheckedBeneficiary(q, {
      customer_id: customerId,
      label: null,
      name: b.name,
      iban: b.iban,
      bic: b.bic ?? null,
      internal: b.iban.startsWith('LU'),
      verification: 'not_possible',
    }),
  );

/** Current balances of an account (booked, pending debits). */
export async function balances(ctx: AppContext, account: Pick<LedgerAccount, 'id' | 'customerId'>) {
  const all = await customerAccounts(ctx.db, account.customerId ?? '');
  const a = all.find((x) => x.id === account.id);
  if (!a) throw new Error('account gone');
  return { posted: a.postedBalance, pending: a.pendingDebits };
}

/**
 * A granted SCA token for exactly this amount and payee, and this schedule (by default a single
 * transfer on the day of the test clock).
 */
export const transferToken = (
  ctx: AppContext,
  customerId: string,
  amount: number,
  b: Pick<BeneficiaryRow, 'iban' | 'name'>,
  schedule: Pick<CreateTransferRequest, 'executionDate' | 'repeat'> = {},
): Promise<string> =>
  grantScaToken(
    ctx,
    customerId,
    'transfer',
    transferScaDetails({ amount, ...schedule }, b, parisDate(ctx.clock.now())),
  );

export const sendTransfer = (
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
  options: { key?: string | null; sca?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: {
      ...MUTATION,
      cookie,
      ...(options.key === null ? {} : { 'idempotency-key': options.key ?? `k-${randomUUID()}` }),
      ...(options.sca ? { [SCA_TOKEN_HEADER]: options.sca } : {}),
    },
    payload: body,
  });

/** A signed-in party. */
export async function signedIn(ctx: AppContext, app: FastifyInstance, funding: number, names = {}) {
  const p = await party(ctx, funding, names);
  return { ...p, cookie: await signIn(app, p.customer) };
}
