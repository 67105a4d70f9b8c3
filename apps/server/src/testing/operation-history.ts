import type { HistoryRow } from '../ledger/index.ts';

/** Counterparties of a synthetic history: a few frequent ones, most of them rare. */
export const HISTORY_COUNTERPARTIES = [
  'Boulangerie Dupré',
  'Marché du Glacis',
  'Énergie Verte',
  'SCI Les Tilleuls',
  'Librairie Ernster',
  'Cinéma Utopia',
  'Télé Lux Mobile',
  'Pharmacie du Centre',
  'Garage Weber',
  'Café de la Gare',
] as const;

/** Salary credited on the first of each month; everything else a debit. */
export const HISTORY_SALARY = { name: 'Atelier Lumière SARL', amount: 300_000n } as const;
/** The opening deposit, which covers every debit of the history (the balance never goes below zero). */
export const HISTORY_DEPOSIT = 'Apport initial';

/**
 * `count` posted operations spread evenly from `from` to `to` (oldest first), deterministic: an
 * opening deposit covering every debit, a salary each month, then card payments, direct debits and
 * transfers to the counterparties above, 1 to 80 euros each.
 */
export function syntheticHistory(count: number, from: Date, to: Date): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const span = to.getTime() - from.getTime();
  let lastMonth = -1;
  for (let i = 1; i < count; i++) {
    const at = new Date(from.getTime() + Math.floor((span * i) / count));
    const month = at.getUTCFullYear() * 12 + at.getUTCMonth();
    if (month !== lastMonth) {
      lastMonth = month;
      rows.push({
        at,
        amount: HISTORY_SALARY.amount,
        kind: 'transfer',
        counterpartyName: HISTORY_SALARY.name,
        counterpartyIban: 'LU120010001234567891',
        reference: `Salaire ${at.toISOString().slice(0, 7)}`,
      });
      continue;
    }
    const name = HISTORY_COUNTERPARTIES[(i * 7) % HISTORY_COUNTERPARTIES.length] ?? 'Commerce';
    const kind = i % 5 === 0 ? 'direct_debit' : i % 3 === 0 ? 'transfer' : 'card';
    rows.push({
      at,
      amount: -BigInt(100 + ((i * 7919) % 7_900)),
      kind,
      counterpartyName: name,
      reference: kind === 'card' ? null : `Facture ${i}`,
      description: kind === 'card' ? 'Carte' : null,
    });
  }
  const debits = rows.reduce((sum, r) => (r.amount < 0n ? sum - r.amount : sum), 0n);
  return [
    { at: from, amount: debits, kind: 'transfer', counterpartyName: HISTORY_DEPOSIT, reference: 'Ouverture' },
    ...rows,
  ];
}
