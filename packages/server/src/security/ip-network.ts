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

/** An address as a number in IPv6's space; IPv4 as its IPv4-mapped form (`::ffff:a.b.c.d`). */
function addressNumber(ip: string): bigint | null {
  const groups = ipv6Groups(isIPv4(ip) ? `::ffff:${ip}` : ip);
  return groups ? groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n) : null;
}

const MAPPED_IPV4 = { first: 0xffff_0000_0000n, last: 0xffff_ffff_ffffn };
const ALL_IPV6 = { first: 0n, last: (1n << 128n) - 1n };

/**
 * Whether the union of these addresses and CIDRs (TRUST_PROXY's list) holds every IPv4 address
 * (native or IPv4-mapped, `::ffff:0:0/96`) or every IPv6 address, however it is split
 * (`0.0.0.0/1,128.0.0.0/1`): trusting such a set lets any client name its own address in
 * X-Forwarded-For. Entries that do not parse are ignored (the caller refuses them).
 */
export function coversEveryAddress(entries: readonly string[]): boolean {
  const ranges: { first: bigint; last: bigint }[] = [];
  for (const entry of entries) {
    const [address = '', bitsText] = entry.split('/');
    const base = addressNumber(address);
    if (base === null) continue;
    const bits = bitsText === undefined ? 128 : Number(bitsText) + (isIPv4(address) ? 96 : 0);
    const size = 1n << BigInt(128 - Math.min(bits, 128));
    const first = base - (base % size);
    ranges.push({ first, last: first + size - 1n });
  }
  ranges.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const covers = (want: { first: bigint; last: bigint }) => {
    let next = want.first; // the first address not covered yet
    for (const r of ranges) {
      if (r.last < next) continue;
      if (r.first > next) return false; // every later range starts later still: a gap
      next = r.last + 1n;
      if (next > want.last) return true;
    }
    return false;
  };
  return covers(MAPPED_IPV4) || covers(ALL_IPV6);
}
