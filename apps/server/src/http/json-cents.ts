/** Integer cents leave the server as JSON numbers; refuse anything a double cannot hold exactly. */
export function toJsonCents(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('amount exceeds the JSON-safe range');
  }
  return Number(value);
}
