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
