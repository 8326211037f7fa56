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
 * multicast and reserved ranges.
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
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  forbidden.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
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
export function embeddedIpv4(address: string): string | null {
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
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return forbidden.check(ipv4, "ipv4");
  return forbidden.check(address.split("%")[0] ?? address, "ipv6");
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
