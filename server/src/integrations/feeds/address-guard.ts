import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (tests pass their own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Addresses a feed must never be fetched from: this machine, private networks, link-local (which
 * holds cloud metadata services at 169.254.169.254), unspecified, shared CGN, benchmarking,
 * documentation, multicast and reserved ranges, and the IPv6 forms that carry or translate to an
 * IPv4 address nobody outside can check (6to4, local-use NAT64, IPv4-compatible and -translated):
 * IANA's IPv4 and IPv6 special-purpose registries, less the few globally reachable entries no feed
 * lives at. IPv4-mapped (::ffff:a.b.c.d) and well-known NAT64 (64:ff9b::a.b.c.d) addresses are
 * judged by the IPv4 address they carry (embeddedIpv4).
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast, deprecated (RFC 7526)
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  forbidden.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback, and IPv4-compatible ::a.b.c.d (deprecated, RFC 4291)
  ["::ffff:0:0:0", 96], // IPv4-translated (RFC 2765)
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): translates to addresses of the local network
  ["100::", 64], // discard-only
  ["100:0:0:1::", 64], // dummy prefix (RFC 9780)
  ["2001::", 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID…
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (RFC 3056, deprecated): carries an IPv4 address that may be private
  ["3fff::", 20], // documentation (RFC 9637)
  ["5f00::", 16], // segment routing (SRv6) SIDs (RFC 9602)
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  forbidden.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s ? s.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries, when it carries one: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) forms reach the IPv4 host.
 */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  const mapped = zeroTo(5) && g5 === 0xffff;
  const compatible = zeroTo(6) && (g6 !== 0 || g7 > 1);
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (!mapped && !compatible && !nat64) return null;
  return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join(".");
}

/** True for loopback, private, link-local, unspecified and other non-public addresses. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, "ipv4");
  if (family !== 6) return true; // not an address at all: never connect to it
  const bare = address.split("%")[0] ?? address;
  if (forbidden.check(bare, "ipv6")) return true;
  const ipv4 = embeddedIpv4(bare);
  return ipv4 !== null && forbidden.check(ipv4, "ipv4");
}

export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
}

/**
 * The one address to connect to for `hostname`: an address literal as it is, a name resolved
 * once. Unless private addresses are allowed, any forbidden address among the answers refuses the
 * host (a name that also points inside is not a public feed). The caller connects to exactly the
 * address returned, so DNS cannot answer differently between this check and the connection.
 */
export async function pinAddress(
  hostname: string,
  options: { resolve: Resolve; allowPrivate: boolean; isForbidden?: (address: string) => boolean },
): Promise<ResolvedAddress> {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: bare, family: literal === 6 ? 6 : 4 }]
    : await options.resolve(bare);
  const [first] = addresses;
  if (!first) throw new ForbiddenAddressError(`${bare} has no address.`);
  if (!options.allowPrivate) {
    const isForbidden = options.isForbidden ?? isForbiddenAddress;
    const inside = addresses.find(({ address }) => isForbidden(address));
    if (inside) {
      throw new ForbiddenAddressError(
        `${bare} is a loopback, private or link-local address (${inside.address}); feeds are fetched from public addresses only (ALLOW_PRIVATE_FEEDS=true allows it for local testing).`,
      );
    }
  }
  return first;
}
