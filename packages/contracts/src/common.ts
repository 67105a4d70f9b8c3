import { z } from 'zod';

/**
 * Why a text is refused for its characters: a NUL (PostgreSQL text cannot hold one) or a lone
 * surrogate (not Unicode: JSON columns refuse it). Nobody types either.
 */
export const FORBIDDEN_CHARACTER_MESSAGE = 'Ce champ contient un caractère non autorisé.';
const LONE_SURROGATE = /\p{Cs}/u;

/** A string of Unicode text without NUL: the base of every text a request carries (body, query, path). */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !value.includes('\u0000') && !LONE_SURROGATE.test(value), FORBIDDEN_CHARACTER_MESSAGE);

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
