import { z } from 'zod';

/** Who the bank is. Everything regulatory shown anywhere comes from here (docs/product/principles.md#no-false-claims). */
export const Institution = z.object({
  name: z.string().min(1),
  legalName: z.string().min(1),
  address: z.object({
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
  }),
  registration: z.string().optional(),
  bankCode: z.string().regex(/^\d{3}$/),
  bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
  emails: z.object({ support: z.string().email(), fraud: z.string().email(), noReply: z.string().email() }),
  phone: z.string(),
  supervisor: z.string().optional(),
  licenceNumber: z.string().optional(),
  depositGuarantee: z.string().optional(),
  sandbox: z.boolean(),
});
export type Institution = z.infer<typeof Institution>;

export const DEFAULT_INSTITUTION: Institution = {
  name: 'Comptoir',
  legalName: 'Comptoir Démo S.A. (société fictive)',
  address: {
    street: '12, rue de l’Exemple',
    postalCode: 'L-1234',
    city: 'Luxembourg',
    country: 'Luxembourg',
  },
  bankCode: '099',
  bic: 'CMPTLULLXXX',
  emails: {
    support: 'support@comptoir.example',
    fraud: 'fraude@comptoir.example',
    noReply: 'ne-pas-repondre@comptoir.example',
  },
  phone: '+352 20 00 00 00',
  sandbox: true,
};
