import { z } from 'zod';

/** Why a text with a NUL character is refused (PostgreSQL text cannot hold one; nobody types it). */
export const NUL_MESSAGE = 'Ce champ contient un caractère non autorisé.';

/** A string without NUL characters: the base of every text a request carries (body, query, path). */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes('\u0000'), NUL_MESSAGE);

/** Integer cents, as a JSON number. Never a float. */
export const AmountCents = z.number().int().meta({ description: 'Amount in integer euro cents' });
export const Email = text()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Veuillez entrer une adresse email valide.' });
export const Id = text().min(1).max(64);
export const IsoDateTime = z.string().meta({ format: 'date-time' });
export const Ok = z.object({ ok: z.literal(true) });
