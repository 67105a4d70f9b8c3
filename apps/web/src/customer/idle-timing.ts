/** Refresh the server session on activity at most this often. */
export const REFRESH_EVERY_MS = 60_000;
/** The warning comes this long before the server signs the customer out. */
export const WARNING_BEFORE_MS = 60_000;

/**
 * The server's idle clock starts at the last API call, so the warning is timed from that call:
 * with a 5 min timeout it opens 4 min after it — when one minute is really left.
 */
export function idlePhase(
  now: number,
  lastContact: number,
  idleTimeoutSeconds: number,
): 'ok' | 'warn' | 'expired' {
  const timeoutMs = idleTimeoutSeconds * 1000;
  const idle = now - lastContact;
  if (idle >= timeoutMs) return 'expired';
  if (idle >= timeoutMs - Math.min(WARNING_BEFORE_MS, timeoutMs / 5)) return 'warn';
  return 'ok';
}
