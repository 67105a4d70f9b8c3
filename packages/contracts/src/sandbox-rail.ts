import { z } from 'zod';

/** `GET /api/sandbox/rail-test-ibans`: the sandbox rail's other-bank IBANs and what each triggers. */
export const RailTestIban = z.object({
  iban: z.string(),
  holderName: z.string(),
  outcome: z.enum(['settle', 'reject', 'timeout']),
  reasonCode: z.string().nullable(),
  message: z.string().meta({ description: 'What the customer reads when an instant transfer goes there' }),
});
export const RailTestIbans = z.array(RailTestIban);
export type RailTestIban = z.infer<typeof RailTestIban>;
