/**
 * Inactivity rules of the back office, as pure arithmetic.
 * - `expired`: no activity for the whole idle timeout → sign out.
 * - `touch`: the operator is active and the server has not heard from us for a third of the
 *   timeout (capped at one minute) → slide the server's window before it closes.
 */
export function idleState(
  now: number,
  lastActivity: number,
  lastContact: number,
  idleSeconds: number,
): { expired: boolean; touch: boolean } {
  const timeoutMs = idleSeconds * 1000;
  const touchEveryMs = Math.min(60_000, timeoutMs / 3);
  return {
    expired: now - lastActivity >= timeoutMs,
    touch: now - lastActivity < timeoutMs && now - lastContact >= touchEveryMs,
  };
}
