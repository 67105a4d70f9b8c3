/** Money is always an integer number of euro cents. The brand stops a plain number slipping in. */
export type Cents = bigint & { readonly __brand: 'Cents' };

export const cents = (value: bigint | number): Cents => {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`cents must be an integer, got ${value}`);
  }
  return BigInt(value) as Cents;
};

export const ZERO = cents(0);

/** Integer cents leave the server as JSON numbers; refuse anything a double cannot hold exactly. */
export function toJsonCents(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('amount exceeds the JSON-safe range');
  }
  return Number(value);
}

const AMOUNT_TEXT = /^(\d{1,12})(?:[.,](\d{1,2}))?$/;

/** Parses what a person types (« 12,5 », « 1 234,56 », « 10.00 ») into cents; null when it is not an amount. */
export function parseEuros(text: string): Cents | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  const match = AMOUNT_TEXT.exec(compact);
  if (!match) return null;
  const euros = BigInt(match[1] ?? '0');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return cents(euros * 100n + BigInt(fraction));
}

const formatter = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** fr-FR display (« 1 234,56 € ») computed from integer cents without any float arithmetic. */
export function formatEuros(amount: Cents | bigint): string {
  const negative = amount < 0n;
  const abs = negative ? 0n - amount : amount;
  const euros = abs / 100n;
  const rest = abs % 100n;
  // Format the integer euro part with Intl (bigint-safe), then splice in the cents.
  const parts = formatter.formatToParts(euros);
  const text = parts
    .map((p) => (p.type === 'fraction' ? rest.toString().padStart(2, '0') : p.value))
    .join('');
  return negative ? `−${text}` : text;
}

/** Signed display used in operation lists: « + 12,00 € » / « − 12,00 € ». */
export function formatSignedEuros(amount: Cents | bigint): string {
  const abs = amount < 0n ? 0n - amount : amount;
  return `${amount < 0n ? '−' : '+'} ${formatEuros(abs)}`;
}

/**
 * Cents of a decimal amount as ISO 20022 and the Berlin Group carry it (`12`, `12.3`, `12.30`; no
 * sign, at most two decimals): exact, never through a float; null when it is not one.
 */
export function fromDecimalAmount(text: string): Cents | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return cents(BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0')));
}

/** The decimal text of an amount (`-1234.56`), as ISO 20022 and the Berlin Group carry it: exact, from cents. */
export function toDecimalAmount(amount: Cents | bigint): string {
  const negative = amount < 0n;
  const abs = negative ? 0n - amount : amount;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
