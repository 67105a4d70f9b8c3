import { z } from 'zod';
import { MandateLimits, type MandatePeriod } from '@comptoir/contracts';
import { parseEuros } from '@comptoir/core';

/** « Limites » of a mandate as the form holds them: texts, parsed on submit; '' for no cap. */
export interface MandateLimitsValues {
  /** Euros as typed (« 80 », « 79,90 »), or empty for no cap. */
  maxAmount: string;
  /** A whole number, or empty for no cap. */
  maxCount: string;
  /** The count's period; '' while there is no count. */
  period: '' | MandatePeriod;
}

export interface MandateLimitsMessages {
  /** Not an amount in euros with two decimals at most. */
  amountInvalid: string;
  /** Not a whole number. */
  countInvalid: string;
}

/** A cap in cents as the field shows it for editing: « 80 » or « 79,90 ». */
export function amountText(amount: number | null): string {
  if (amount === null) return '';
  const euros = Math.trunc(amount / 100);
  const rest = amount % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
}

export const limitsValuesOf = (limits: MandateLimits): MandateLimitsValues => ({
  maxAmount: amountText(limits.maxAmount),
  maxCount: limits.maxCount === null ? '' : String(limits.maxCount),
  period: limits.period ?? '',
});

/**
 * The form as a schema whose output is the `PUT …/limits` body: first what only the form can say
 * (euros that are not an amount, a count that is not a whole number), then the contract
 * `MandateLimits` with its own French words (a positive amount up to 1,000,000 €, 1 to 1,000
 * collections, a count with its period). A period chosen without a count is dropped.
 */
export const mandateLimitsForm = (messages: MandateLimitsMessages) =>
  z
    .object({ maxAmount: z.string(), maxCount: z.string(), period: z.enum(['', 'month', 'year']) })
    .transform((values, ctx): z.input<typeof MandateLimits> => {
      let maxAmount: number | null = null;
      if (values.maxAmount.trim() !== '') {
        const amount = parseEuros(values.maxAmount);
        if (amount === null || amount > BigInt(Number.MAX_SAFE_INTEGER))
          ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: messages.amountInvalid });
        else maxAmount = Number(amount);
      }
      let maxCount: number | null = null;
      const count = values.maxCount.trim();
      if (count !== '') {
        if (!/^\d{1,7}$/.test(count))
          ctx.addIssue({ code: 'custom', path: ['maxCount'], message: messages.countInvalid });
        else maxCount = Number(count);
      }
      if (ctx.issues.length > 0) return z.NEVER;
      return { maxAmount, maxCount, period: maxCount === null ? null : values.period || null };
    })
    .pipe(MandateLimits);
