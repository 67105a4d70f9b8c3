/**
 * One transfer attempt: the exact request and its Idempotency-Key. Sending the same request again
 * (a retry after no answer) reuses the key, so the server pays at most once; any change to the
 * request is a new attempt with a new key.
 */
export interface Attempt {
  body: string;
  key: string;
}

export function attemptFor(previous: Attempt | null, request: unknown, newKey: () => string): Attempt {
  const body = JSON.stringify(request);
  return previous && previous.body === body ? previous : { body, key: newKey() };
}

/**
 * A random Idempotency-Key (128 bits). `randomUUID` needs a secure context; `getRandomValues` works
 * everywhere, so a page served over plain HTTP on a local network can still pay.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
