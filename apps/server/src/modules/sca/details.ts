import { createHash } from 'node:crypto';
import type { ScaAction, ScaDetails } from '@comptoir/contracts';
import { normalizeIban } from '@comptoir/core';

/**
 * The details a challenge is bound to, in one canonical form: IBANs in electronic format, names with
 * their spaces collapsed, keys sorted. The challenge and the protected call both go through here, so
 * « LU28 0019… » typed with spaces and the stored « LU280019… » are the same payee.
 */
export function canonicalDetails<A extends ScaAction>(
  action: A,
  details: ScaDetails<A>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    if (typeof value === 'number') out[key] = value;
    else if (typeof value === 'string') {
      out[key] = /iban$/i.test(key) ? normalizeIban(value) : value.trim().replace(/\s+/g, ' ');
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
