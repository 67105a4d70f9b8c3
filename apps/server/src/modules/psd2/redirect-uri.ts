/**
 * A TPP's redirect address (`TPP-Redirect-URI`, `TPP-Nok-Redirect-URI`): absolute https, or http
 * on a loopback host in the sandbox (a TPP's developer machine). The bank never fetches it: the
 * customer's browser is sent there. Null when it is unusable.
 */
export function acceptableRedirectUri(raw: string | undefined, sandbox: boolean): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url.href;
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return sandbox && url.protocol === 'http:' && loopback ? url.href : null;
}
