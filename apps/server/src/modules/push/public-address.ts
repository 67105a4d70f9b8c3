import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * IPv4 ranges a push service never lives in (RFC 6890 special-purpose registry): "this network",
 * private (RFC 1918), shared address space (carrier-grade NAT), loopback, link-local (where cloud
 * metadata services answer), IETF protocol assignments, documentation, 6to4 relay, benchmarking,
 * multicast, reserved and broadcast.
 */
const NON_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const nonPublicV4 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublicV4.addSubnet(network, prefix, 'ipv4');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const octets = dotted[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const v4Of = (high: number, low: number): string => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

function isPublicV6(address: string): boolean {
  const g = ipv6Groups(address);
  if (!g) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return isPublicV4(v4Of(g6, g7));
  // NAT64 (64:ff9b::/96): the embedded IPv4 address decides.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isPublicV4(v4Of(g6, g7));
  // 6to4 (2002::/16): the embedded IPv4 address decides.
  if (g0 === 0x2002) return isPublicV4(v4Of(g1, g2));
  // Teredo (2001::/32), ORCHID and documentation (2001:db8::/32): tunnels and examples, never a push service.
  if (g0 === 0x2001 && (g1 === 0 || g1 === 0xdb8 || (g1 >= 0x10 && g1 <= 0x2f))) return false;
  // Only global unicast (2000::/3) is public: this leaves out ::, ::1, IPv4-compatible addresses,
  // unique local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8, discard 100::/64.
  return (g0 & 0xe000) === 0x2000;
}

function isPublicV4(address: string): boolean {
  return isIPv4(address) && !nonPublicV4.check(address, 'ipv4');
}

/**
 * Whether an IP address (text, IPv6 without brackets) is a public unicast address: the only kind a
 * push message may be sent to. Anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicV4(address);
  if (isIPv6(address)) return isPublicV6(address);
  return false;
}
