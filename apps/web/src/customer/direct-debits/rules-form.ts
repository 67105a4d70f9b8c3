import { z } from 'zod';
import { DirectDebitSettings } from '@comptoir/contracts';
import { isCreditorId, normalizeCreditorId } from '@comptoir/core';

/** The rules for every direct debit as the form holds them: a switch and two lists, one identifier a line. */
export interface RulesValues {
  blockAll: boolean;
  allowed: string;
  blocked: string;
}

/** Identifiers typed one a line (commas and semicolons also separate), blank lines skipped. */
export const creditorIdsOf = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export const rulesValuesOf = (settings: DirectDebitSettings): RulesValues => ({
  blockAll: settings.blockAll,
  allowed: settings.allowedCreditorIds.join('\n'),
  blocked: settings.blockedCreditorIds.join('\n'),
});

/**
 * The form as a schema whose output is the `PUT /api/direct-debits/settings` body: each list's
 * identifiers must be SEPA Creditor Identifiers (`FR72ZZZ123456`, spaces and case aside), the
 * first wrong one named in `invalid(id)`; then the contract `DirectDebitSettings` (100 a list at most).
 */
export const rulesForm = (invalid: (id: string) => string) => {
  const list = (text: string, field: 'allowed' | 'blocked', ctx: z.RefinementCtx): string[] => {
    const ids = creditorIdsOf(text);
    const wrong = ids.find((id) => !isCreditorId(id));
    if (wrong !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: invalid(wrong) });
    return [...new Set(ids.map(normalizeCreditorId))];
  };
  return z
    .object({ blockAll: z.boolean(), allowed: z.string(), blocked: z.string() })
    .transform((values, ctx): DirectDebitSettings => {
      const allowedCreditorIds = list(values.allowed, 'allowed', ctx);
      const blockedCreditorIds = list(values.blocked, 'blocked', ctx);
      if (ctx.issues.length > 0) return z.NEVER;
      return { blockAll: values.blockAll, allowedCreditorIds, blockedCreditorIds };
    })
    .pipe(DirectDebitSettings);
};
