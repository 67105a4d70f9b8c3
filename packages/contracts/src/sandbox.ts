import { z } from 'zod';
import { AmountCents, text } from './common.ts';

/** `POST /api/sandbox/incoming-transfers` (sandbox mode, operator session): a simulated incoming SEPA credit. */
export const IncomingTransferRequest = z.object({
  iban: text().trim().min(15).max(40),
  amount: AmountCents.positive('Le montant doit être positif.').max(
    100_000_000,
    'Montant trop élevé (1 000 000 € au maximum).',
  ),
  debtorName: text().trim().min(1).max(140),
  debtorIban: text().trim().min(15).max(40),
  reference: text().trim().max(140).default(''),
});
export const IncomingTransferResponse = z.object({
  entryId: z.string(),
  number: z.string(),
  status: z.literal('posted'),
  /** Whether the credit was held on arrival (docs/held-credits.md): booked to the suspense account. */
  held: z.boolean(),
});
export type IncomingTransferRequest = z.infer<typeof IncomingTransferRequest>;
export type IncomingTransferResponse = z.infer<typeof IncomingTransferResponse>;
