import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../errors.ts';
import { isPublicAddress } from './public-address.ts';

/** Every address a host name resolves to (all of them, IPv4 and IPv6); tests put a stub instead of DNS. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** A name that takes longer than this to resolve is refused (the customer's request does not hang on it). */
const DNS_TIMEOUT_MS = 3000;

export const resolveWithDns: ResolveHost = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup of ${hostname} timed out`)), DNS_TIMEOUT_MS);
  });
  try {
    const addresses = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return addresses.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

let resolveHost: ResolveHost = resolveWithDns;

/** Tests only (through testing.ts): resolve host names with a stub instead of DNS; no argument puts DNS back. */
export function resolvePushHostsWith(resolve: ResolveHost = resolveWithDns): void {
  resolveHost = resolve;
}

/** The URL's host without IPv6 brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The port of the sandbox's test push receiver on 127.0.0.1 (`config.sandboxPushPort`: set only in
 * the sandbox, and only when SANDBOX_PUSH_PORT names one); undefined: no loopback endpoint at all.
 */
export type SandboxPushPort = number | undefined;

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The sandbox's one exception: the push receiver a test declared on this machine, over plain http
 * (`http://127.0.0.1:<SANDBOX_PUSH_PORT>/…`). Any other port of 127.0.0.1 (a database, a cache, the
 * server itself) stays refused, and outside the sandbox there is no exception at all.
 */
export const isSandboxLoopback = (url: URL, sandboxPushPort: SandboxPushPort): boolean =>
  sandboxPushPort !== undefined &&
  url.protocol === 'http:' &&
  url.hostname === '127.0.0.1' &&
  portOf(url) === sandboxPushPort;

/**
 * What can be said of an endpoint without DNS: null when acceptable so far (its host name, if it is
 * one, still has to resolve to public addresses only), else why not. The rules: an absolute URL;
 * https only; the default port (every browser's push service listens on 443, and refusing other
 * ports keeps a public host's other services out of reach); no user name or password; a host that
 * is a public IP address or a name with a dot that is not `localhost` or under it. The sandbox also
 * takes `http://127.0.0.1:<SANDBOX_PUSH_PORT>`, when that port is set.
 */
export function endpointProblem(endpoint: string, sandboxPushPort: SandboxPushPort): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (isSandboxLoopback(url, sandboxPushPort)) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.port !== '') return 'not the default port';
  const host = bareHost(url).replace(/\.$/, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'non-public address';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'localhost';
  if (!host.includes('.')) return 'single-label host name';
  return null;
}

/**
 * Checks a push endpoint before it is stored (so before anything is ever sent to it): the rules of
 * `endpointProblem`, then, for a host name, every address it resolves to must be public (one private
 * or loopback address among them is enough to refuse). Throws `push_endpoint_refused` (422).
 * Sending checks again (docs/customer-area.md#push-notifications-modulespush): a name may later resolve elsewhere.
 */
export async function checkEndpoint(
  endpoint: string,
  options: { sandboxPushPort: SandboxPushPort; resolve?: ResolveHost },
): Promise<void> {
  if (endpointProblem(endpoint, options.sandboxPushPort) !== null)
    throw new AppError('push_endpoint_refused');
  const url = new URL(endpoint);
  const host = bareHost(url);
  if (isSandboxLoopback(url, options.sandboxPushPort) || isIP(host)) return;
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveHost)(host);
  } catch {
    throw new AppError('push_endpoint_refused');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new AppError('push_endpoint_refused');
}
