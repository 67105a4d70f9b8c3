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
