import { z } from 'zod';

/** Integer cents, as a JSON number. Never a float. */
export const AmountCents = z.number().int().meta({ description: 'Amount in integer euro cents' });
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Veuillez entrer une adresse email valide.' });
export const Id = z.string().min(1).max(64);
export const IsoDateTime = z.string().meta({ format: 'date-time' });
export const Ok = z.object({ ok: z.literal(true) });
