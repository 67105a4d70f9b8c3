// Error codes thrown here: account_not_found, certificate_account_closed, certificate_iban_missing.
import { luxembourgDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { periodBalances, statementAccount, useOneSnapshot } from './queries.ts';
import { bankOf, holderOf, parseAccountId } from './statement-parties.ts';

export interface DownloadFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * « Attestation de solde »: the booked balance of one of the acting customer's accounts now, as the
 * ledger holds it. Somebody else's account answers exactly like an unknown one; an account without
 * an IBAN (an Espace) or a closed one has nothing to certify.
 */
export async function balanceCertificatePdf(
  ctx: AppContext,
  customerId: string,
  accountIdText: string,
): Promise<DownloadFile> {
  const accountId = parseAccountId(accountIdText);
  const issuedAt = ctx.clock.now();
  const { account, balance } = await ctx.db.tx(async (q) => {
    await useOneSnapshot(q);
    const row = await statementAccount(q, customerId, accountId);
    if (!row) throw new AppError('account_not_found');
    const balances = await periodBalances(q, row.account_id, issuedAt, issuedAt);
    return { account: row, balance: balances.cached };
  });
  if (account.status !== 'open') throw new AppError('certificate_account_closed');
  if (!account.iban) throw new AppError('certificate_iban_missing');
  // pdfkit (about 27 MB resident once loaded) comes with the first document asked for, not at start.
  const { renderCertificatePdf } = await import('./certificate-pdf.ts');
  const bytes = await renderCertificatePdf({
    holder: holderOf(account),
    accountName: account.account_name,
    iban: account.iban,
    openedAt: account.opened_at,
    balance,
    issuedAt,
    bank: bankOf(ctx),
  });
  const day = luxembourgDate(issuedAt);
  return { filename: `Attestation-solde-Comptoir-${day}-${account.iban.slice(-4)}.pdf`, bytes };
}
