// Error codes thrown here: account_not_found, rib_account_closed, rib_iban_missing.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ribDetails } from './queries.ts';

export interface RibFile {
  filename: string;
  bytes: Uint8Array;
}

const unknownAccount = () => new AppError('account_not_found');

/**
 * The RIB of one of the acting customer's accounts, as a PDF. Somebody else's account answers
 * exactly like an unknown one; an account without an IBAN (or closed) has no RIB to give.
 */
export async function ribPdf(ctx: AppContext, customerId: string, accountId: string): Promise<RibFile> {
  if (!/^[1-9]\d{0,17}$/.test(accountId)) throw unknownAccount();
  const row = await ribDetails(ctx.db, customerId, BigInt(accountId));
  if (!row) throw unknownAccount();
  if (row.status !== 'open') throw new AppError('rib_account_closed');
  if (!row.iban) throw new AppError('rib_iban_missing');

  const institution = ctx.config.institution;
  const holder = [row.first_name, row.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  // pdfkit (about 27 MB resident once loaded) comes with the first document asked for, not at start.
  const { renderRibPdf } = await import('./rib-pdf.ts');
  const bytes = await renderRibPdf({
    holder: holder || 'Non spécifié',
    iban: row.iban,
    bic: institution.bic,
    accountName: row.account_name,
    bank: {
      name: institution.name,
      legalName: institution.legalName,
      address: institution.address,
      registration: institution.registration ?? null,
      phone: institution.phone,
      email: institution.emails.support,
    },
    issuedAt: ctx.clock.now(),
    sandbox: institution.sandbox,
  });
  return { filename: `RIB-Comptoir-${row.iban.slice(-4)}.pdf`, bytes };
}
