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
  })
  .meta({ id: 'PublicInstitution' });
export type PublicInstitution = z.infer<typeof PublicInstitution>;

/** id of the JSON island the server writes into every HTML page it serves. */
export const INSTITUTION_ELEMENT_ID = 'comptoir-institution';

/**
 * name of the `<meta>` whose content is the back office's path (`BACKOFFICE_PATH`). The server
 * writes it only into the page it serves at that path, so no other page gives the path away.
 */
export const BACKOFFICE_PATH_META = 'comptoir-backoffice-path';

/** The back office's path when none is configured (SPEC §2). */
export const DEFAULT_BACKOFFICE_PATH = '/027895-admin-panel';
