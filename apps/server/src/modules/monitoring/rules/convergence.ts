import { normalizeIban } from '@comptoir/core';
import { HOUR_MS, isCredit, within, type Movement, type Rule } from './types.ts';

/**
 * *Convergence*: `payers` or more distinct payers into one account within `windowHours` hours; the
 * hit comes with the credit of the payer that makes the count, once per run. A payer is its IBAN in
 * its canonical form, else its name; a credit that names neither is not counted.
 */
export const convergence: Rule = ({ convergence: p }, { movement, before }) => {
  const payer = payerOf(movement);
  if (!isCredit(movement) || payer === null) return null;
  const credits = before.filter(
    (m) =>
      isCredit(m) && m.accountId === movement.accountId && within(m, movement.at, p.windowHours * HOUR_MS),
  );
  const firstByPayer = new Map<string, Movement>();
  for (const m of credits) {
    const key = payerOf(m);
    if (key !== null && !firstByPayer.has(key)) firstByPayer.set(key, m);
  }
  if (firstByPayer.has(payer) || firstByPayer.size + 1 !== p.payers) return null;
  return {
    rule: 'convergence',
    entryIds: [...[...firstByPayer.values()].map((m) => m.entryId), movement.entryId],
    details: { payers: firstByPayer.size + 1, windowHours: p.windowHours },
  };
};

const payerOf = (m: Movement): string | null => {
  const iban = m.counterpartyIban ? normalizeIban(m.counterpartyIban) : '';
  if (iban) return `iban:${iban}`;
  const name = m.counterpartyName?.trim().toLowerCase().replace(/\s+/g, ' ');
  return name ? `name:${name}` : null;
};
