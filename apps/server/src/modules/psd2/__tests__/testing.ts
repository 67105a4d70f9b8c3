// The face of modules/psd2 for tests: a TPP with a certificate, calling the interface.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SCA_TOKEN_HEADER, type PspRole } from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import type { AppContext } from '../../../context.ts';
import { customerAccounts, glAccount, postEntry } from '../../../ledger/index.ts';
import { customerCall } from '../../../testing/customer-call.ts';
import { makeCustomer, signIn } from '../../../testing/customers.ts';
import type { TestContext } from '../../../testing/test-context.ts';
import { grantScaToken } from '../../sca/__tests__/testing.ts';
import { issueSandboxTppCertificate } from '../sandbox-authority.ts';
import { CLIENT_CERTIFICATE_HEADER } from '../tpp-caller.ts';

export interface TestTpp {
  certificate: string;
  privateKey: string;
  authority: string;
}

/** A TPP certificate from the sandbox's authority. */
export const makeTpp = (
  ctx: AppContext,
  roles: PspRole[] = ['PSP_AI'],
  organisationId = `PSDFR-ACPR-${randomUUID().slice(0, 8)}`,
  name = 'Budget Malin',
): Promise<TestTpp> => issueSandboxTppCertificate(ctx, { organisationId, name, roles });

/**
 * A call to the interface as the front forwards it: the certificate nginx verified in its header,
 * from 127.0.0.1 (the configured proxy in these tests) unless `remoteAddress` says otherwise.
 */
export function tppCall(
  app: FastifyInstance,
  tpp: Pick<TestTpp, 'certificate'> | null,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url: `/psd2/v1${path}`,
    headers: {
      'x-request-id': randomUUID(),
      ...(tpp ? { [CLIENT_CERTIFICATE_HEADER]: encodeURIComponent(tpp.certificate) } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export { createCertificateAuthority, issueTppCertificate } from '../certificates.ts';

/** The TPP's addresses for the customer's browser, with its own `state`. */
export const REDIRECT = {
  'tpp-redirect-uri': 'https://tpp.example/retour?state=abc',
  'tpp-nok-redirect-uri': 'https://tpp.example/echec?state=abc',
};
/** The header of a call made while the customer is present (not counted against frequencyPerDay). */
export const PRESENT = { 'psu-ip-address': '192.0.2.10' };

/**
 * A signed-in customer whose main account received `movements` booked credits from another bank,
 * a minute apart, before the clock's now.
 */
export async function customerWithHistory(t: TestContext, movements = 0) {
  const customer = await makeCustomer(t.ctx);
  const cookie = await signIn(t.app, customer);
  const [account] = await customerAccounts(t.ctx.db, customer.id);
  if (!account?.iban) throw new Error('no main account');
  const clearing = await glAccount(t.ctx.db, 'gl:sepa-clearing');
  await t.ctx.db.tx(async (q) => {
    for (let i = 0; i < movements; i++) {
      await postEntry(q, {
        kind: 'transfer',
        legs: [
          { accountId: clearing.id, amount: cents(-(1_000n + BigInt(i))) },
          { accountId: account.id, amount: cents(1_000n + BigInt(i)) },
        ],
        counterpartyName: `Payeur ${i}`,
        counterpartyIban: 'DE89370400440532013000',
        reference: `Virement ${i}`,
        at: new Date(t.clock.now().getTime() - (movements - i) * 60_000),
      });
    }
  });
  return { customer, cookie, account: { id: String(account.id), iban: account.iban, ledgerId: account.id } };
}
export type Holder = Awaited<ReturnType<typeof customerWithHistory>>;

/** The customer approves an authorisation on `accountIds`, with a strong authentication bound to the consent's terms. */
export async function approveConsent(
  t: TestContext,
  holder: Holder,
  authorisationId: string,
  accountIds: string[],
  terms: { validUntil: string; frequencyPerDay: number },
) {
  const token = await grantScaToken(t.ctx, holder.customer.id, 'psd2_consent', {
    authorisationId,
    accountIds: [...accountIds].sort(),
    validUntil: terms.validUntil,
    frequencyPerDay: terms.frequencyPerDay,
  });
  return customerCall(
    t.app,
    'POST',
    `/api/psd2/authorisations/${authorisationId}/approve`,
    holder.cookie,
    { accountIds },
    { [SCA_TOKEN_HEADER]: token },
  );
}
