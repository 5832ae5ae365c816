// The network a client address stands for in a per-IP limit. An IPv4 address is one NAT'ed
// office or home; an IPv6 host is usually given a whole /64, so one attacker can rotate through
// 2^64 addresses: IPv6 addresses are grouped by their /64 prefix. IPv4-mapped IPv6
// (`::ffff:192.0.2.1`) is treated as the IPv4 address it carries.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded; null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  if (!isIPv6(ip)) return null;
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const parse = (part: string | undefined): number[] => {
    if (!part) return [];
    return part.split(':').flatMap((g) => {
      if (isIPv4(g)) {
        const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
        return [(a << 8) | b, (c << 8) | d];
      }
      return [parseInt(g, 16)];
    });
  };
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/** `192.0.2.1` → `192.0.2.1`; `2001:db8:1:2:aa:bb:cc:dd` → `2001:db8:1:2::/64`. */
export function clientNetwork(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 6).every((g, i) => (i === 5 ? g === 0xffff : g === 0));
  if (mapped) {
    const [c, d] = [groups[6]!, groups[7]!];
    return `${c >> 8}.${c & 255}.${d >> 8}.${d & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The network an account's lockout is kept for (rate-limit.ts): an IPv4 address by its /24 and
 * IPv6 by its /64, so a stranger rotating addresses inside one provider's block locks only that
 * block, and the owner at home or at work is not locked by it.
 */
export function lockoutNetwork(ip: string): string {
  const network = clientNetwork(ip);
  if (!isIPv4(network)) return network;
  return `${network.split('.').slice(0, 3).join('.')}.0/24`;
}
