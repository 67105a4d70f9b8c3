/**
 * Canonical JSON for hashing: object keys sorted (UTF-16 code unit order), no whitespace, `undefined`
 * members dropped, bigints as decimal strings, non-finite numbers as null — the same text for the
 * same value whatever order the keys were written in or came back from jsonb.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object': {
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      if (Array.isArray(value)) {
        return `[${value.map((v: unknown) => (v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v))).join(',')}]`;
      }
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      return 'null';
  }
}

/**
 * The JSON value as it will come back from a jsonb column: bigints become strings, dates ISO
 * strings, `undefined` members disappear. Hash and store this, so verification recomputes the same.
 */
export function toJsonValue(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as Record<string, unknown>;
}
