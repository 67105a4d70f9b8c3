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
