import { isIP } from "node:net";

/**
 * A visitor's address as the limits count it: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4
 * address), any other IPv6 address by its /64 (one household or host), as the public API's rate
 * limit does (`ipv6Subnet: 64`).
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  if (ip.startsWith("::ffff:")) return ip.slice(7);
  const groups = ip.split("::")[0]?.split(":") ?? [];
  return `${groups.slice(0, 4).join(":")}::/64`;
}
