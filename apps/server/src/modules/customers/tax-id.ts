import type { AppContext } from '../../context.ts';
import { Sealer } from '../../crypto/seal.ts';
import { plaintextTaxIds, replaceTaxId } from './tax-id-queries.ts';

/**
 * The tax identification number at rest: AES-256-GCM under its own purpose key, bound to the
 * customer (associated data), so a sealed value copied onto another customer does not open.
 */
const sealer = (masterKey: Buffer) => new Sealer(masterKey, 'customer-tax-id');

export const sealTaxId = (ctx: Pick<AppContext, 'masterKey'>, customerId: string, taxId: string): string =>
  sealer(ctx.masterKey).seal(taxId, customerId.toLowerCase());

export const openTaxId = (
  ctx: Pick<AppContext, 'masterKey'>,
  customerId: string,
  sealed: string | null,
): string | null => (sealed === null ? null : sealer(ctx.masterKey).open(sealed, customerId.toLowerCase()));

/**
 * The tax number as the customer sees it on their profile: bullets but for its last characters
 * (4 of 8 or more, 3 of 6–7, 2 of 4–5, none of a shorter one), spaces and dashes left out.
 */
export function maskTaxId(taxId: string): string {
  const plain = taxId.replace(/[\s.-]/g, '');
  const shown = plain.length >= 8 ? 4 : plain.length >= 6 ? 3 : plain.length >= 4 ? 2 : 0;
  return '•'.repeat(plain.length - shown) + plain.slice(plain.length - shown);
}

/** The customer's tax number, opened and masked; null when none was given or it cannot be opened. */
export function maskedTaxIdOf(
  ctx: Pick<AppContext, 'masterKey'>,
  customerId: string,
  sealed: string | null,
): string | null {
  try {
    const taxId = openTaxId(ctx, customerId, sealed);
    return taxId === null ? null : maskTaxId(taxId);
  } catch {
    return null;
  }
}

/**
 * Seals the tax numbers earlier versions stored in plaintext and empties the plaintext column; run
 * at start. Batches of 500, each in its own transaction; returns how many were sealed.
 */
export async function sealPlaintextTaxIds(ctx: Pick<AppContext, 'db' | 'masterKey'>): Promise<number> {
  let sealed = 0;
  for (;;) {
    const batch = await ctx.db.tx(async (q) => {
      const rows = await plaintextTaxIds(q, 500);
      for (const row of rows) await replaceTaxId(q, row.id, sealTaxId(ctx, row.id, row.tax_id));
      return rows.length;
    });
    sealed += batch;
    if (batch < 500) return sealed;
  }
}
