import type { AppContext } from '../../context.ts';

/** The interface's base path, behind the direct listener and the front alike. */
export const PSD2_BASE = '/psd2/v1';

export const href = (path: string) => ({ href: `${PSD2_BASE}${path}` });

/** The page the TPP sends the customer to (the redirect approach). */
export const scaRedirect = (ctx: AppContext, authorisationId: string) => ({
  href: `${ctx.config.publicUrl}/psd2/autorisation/${authorisationId}`,
});
