import { Sealer } from '../../crypto/seal.ts';

/**
 * A customer's TOTP secret at rest: AES-256-GCM under its own purpose key, bound to the factor
 * (associated data), so a sealed secret copied onto another factor does not open.
 */
const sealer = (ctx: { readonly masterKey: Buffer }) => new Sealer(ctx.masterKey, 'customer-totp');

export const sealTotpSecret = (
  ctx: { readonly masterKey: Buffer },
  factorId: string,
  secret: string,
): string => sealer(ctx).seal(secret, factorId.toLowerCase());

export const openTotpSecret = (
  ctx: { readonly masterKey: Buffer },
  factorId: string,
  sealed: string,
): string => sealer(ctx).open(sealed, factorId.toLowerCase());
