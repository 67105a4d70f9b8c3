import { createHash } from 'node:crypto';
import type { ScaAction, ScaDetails, ScaDetailValue } from '@comptoir/contracts';
import { normalizeIban } from '@comptoir/core';

export type CanonicalDetails = Record<string, ScaDetailValue>;

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : 1);

/** A text in canonical form: an IBAN (its key ends in « iban ») electronic, any other text with its spaces collapsed. */
const canonicalText = (key: string, value: string): string =>
  /iban$/i.test(key) ? normalizeIban(value) : value.trim().replace(/\s+/g, ' ');

/**
 * The details a challenge is bound to, in one canonical form: IBANs in electronic format, names with
 * their spaces collapsed, keys sorted (in a group too, e.g. a transfer's repetition), null kept, an
 * absent value left out. The challenge and the protected call both go through here, so
 * « LU28 0019… » typed with spaces and the stored « LU280019… » are the same payee.
 */
export function canonicalDetails<A extends ScaAction>(action: A, details: ScaDetails<A>): CanonicalDetails {
  const out: CanonicalDetails = {};
  for (const [key, value] of Object.entries(details as Record<string, unknown>).sort(byKey)) {
    if (typeof value === 'number' || value === null) out[key] = value;
    else if (typeof value === 'string') out[key] = canonicalText(key, value);
    else if (typeof value === 'object') {
      const group: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>).sort(byKey)) {
        if (typeof v === 'number') group[k] = v;
        else if (typeof v === 'string') group[k] = canonicalText(k, v);
      }
      out[key] = group;
    }
  }
  return out;
}

/** SHA-256 of `{action, details}` in canonical form: what a challenge and its token are bound to. */
export function detailsHash<A extends ScaAction>(action: A, details: ScaDetails<A>): string {
  return createHash('sha256')
    .update(JSON.stringify({ action, details: canonicalDetails(action, details) }))
    .digest('hex');
}
