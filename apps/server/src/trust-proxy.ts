import { BlockList, isIP } from 'node:net';

export type TrustProxy = false | number | string[];

/** A TRUST_PROXY value that cannot be used; config.ts reports it as a configuration error. */
export class TrustProxyError extends Error {}

/**
 * TRUST_PROXY: which hops may set X-Forwarded-For (and so the client address that rate limits,
 * sessions and the audit log record). Unset, `false` or `0`: none — the socket's address is the
 * client's. A number: that many proxies in front. Otherwise a comma list of addresses or CIDRs of
 * the proxies. `true` (believe anyone) is refused: any client could then choose its own address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false' || value === 'none' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new TrustProxyError('TRUST_PROXY: at most 10 proxy hops.');
    return hops;
  }
  if (value === 'true') {
    throw new TrustProxyError(
      'TRUST_PROXY=true would believe any X-Forwarded-For: give the number of proxies or their addresses.',
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) {
      throw new TrustProxyError(`TRUST_PROXY: "${entry}" is neither an IP address nor a CIDR range.`);
    }
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Fastify's `trustProxy` option for a TRUST_PROXY value (a hop count becomes the hop test). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * Whether the peer at `address` is a configured proxy (TRUST_PROXY), whose forwarded headers —
 * the client address, the client certificate it verified — may be believed. A hop count trusts
 * the immediate peer; a list, only its addresses and ranges; nothing set, no one.
 */
export function trustsPeer(trust: TrustProxy, address: string | undefined): boolean {
  if (trust === false || !address) return false;
  if (typeof trust === 'number') return trust > 0;
  const peer = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const list = new BlockList();
  for (const entry of trust) {
    const [base = '', bits] = entry.split('/');
    const family = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(base, family);
    else list.addSubnet(base, Number(bits), family);
  }
  return list.check(peer, isIP(peer) === 6 ? 'ipv6' : 'ipv4');
}
