import type { AppContext } from '../../context.ts';

/** The interface's base path, behind the direct listener and the front alike. */
export const PSD2_BASE = '/psd2/v1';

export const href = (path: string) => ({ href: `${PSD2_BASE}${path}` });

/** The page the TPP sends the customer to (the redirect approach). */
export const scaRedirect = (ctx: AppContext, authorisationId: string) => ({
  href: `${ctx.config.publicUrl}/psd2/autorisation/${authorisationId}`,
});

/** What the customer reads in a decoupled request's answer (the TPP shows it). */
export const DECOUPLED_PSU_MESSAGE =
  'Ouvrez l’application Comptoir pour confirmer cette demande : elle y attend votre accord.';

/**
 * The links and message of a new authorisation: the redirect approach leads the customer to the
 * bank's page; the decoupled approach reaches them in the app (push and in-app), so there is none.
 */
export const authorisationLinks = (
  ctx: AppContext,
  decoupled: boolean,
  authorisationId: string,
): { links: { scaRedirect?: { href: string } }; psuMessage?: string } =>
  decoupled
    ? { links: {}, psuMessage: DECOUPLED_PSU_MESSAGE }
    : { links: { scaRedirect: scaRedirect(ctx, authorisationId) } };
