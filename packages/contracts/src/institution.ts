import { z } from 'zod';

/** The institution's public profile. In sandbox mode no licence or guarantee is ever claimed. */
export const PublicInstitution = z
  .object({
    name: z.string(),
    legalName: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
    registration: z.string().nullable(),
    bic: z.string(),
    emails: z.object({ support: z.string(), fraud: z.string() }),
    phone: z.string(),
    supervisor: z.string().nullable(),
    licenceNumber: z.string().nullable(),
    depositGuarantee: z.string().nullable(),
    sandbox: z.boolean(),
    /**
     * How long an instant transfer to another bank waits for the rail's answer at the most
     * (`INSTANT_RAIL_TIMEOUT_MS`, rounded up to whole seconds): the transfer form says so while it waits.
     */
    instantTransferTimeoutSeconds: z.number().int().positive(),
  })
  .meta({ id: 'PublicInstitution' });
export type PublicInstitution = z.infer<typeof PublicInstitution>;

/** `INSTANT_RAIL_TIMEOUT_MS` when none is configured. */
export const DEFAULT_INSTANT_RAIL_TIMEOUT_MS = 10_000;

/** id of the JSON island the server writes into every HTML page it serves. */
export const INSTITUTION_ELEMENT_ID = 'comptoir-institution';

/**
 * name of the `<meta>` whose content is the back office's path (`BACKOFFICE_PATH`). The server
 * writes it only into the page it serves at that path, so no other page gives the path away.
 */
export const BACKOFFICE_PATH_META = 'comptoir-backoffice-path';

/**
 * name of the `<meta>` whose content is the page's style nonce: the server draws a new one for each
 * HTML response and names it in the Content-Security-Policy; the app gives it to every `<style>`
 * element it inserts (Mantine's `getStyleNonce`).
 */
export const CSP_NONCE_META = 'csp-nonce';

/** The back office's path when none is configured (docs/product/paths.md#back-office). */
export const DEFAULT_BACKOFFICE_PATH = '/027895-admin-panel';
