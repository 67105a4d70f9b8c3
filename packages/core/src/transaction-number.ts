/** `st-` + 8 digits in 10000000–99999999. `randomInt(min, maxExclusive)` is injected (crypto on the server). */
export const TRANSACTION_NUMBER = /^st-[1-9]\d{7}$/;

export function transactionNumber(randomInt: (min: number, maxExclusive: number) => number): string {
  return `st-${randomInt(10_000_000, 100_000_000)}`;
}
