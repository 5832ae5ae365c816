import { describe, expect, it } from 'vitest';
import { clientNetwork, coversEveryAddress, lockoutNetwork } from './ip-network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('192.0.2.17')).toBe('192.0.2.17');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.1');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const a = clientNetwork('2001:db8:1:2:aa:bb:cc:dd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:0:0:1')).toBe(a);
    expect(clientNetwork('2001:db8:1:2::1')).toBe(a);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(a);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientNetwork('::ffff:192.0.2.17')).toBe('192.0.2.17');
    expect(clientNetwork('::ffff:c000:0211')).toBe('192.0.2.17');
  });

  it('leaves anything else alone', () => {
    expect(clientNetwork('not-an-ip')).toBe('not-an-ip');
  });
});

describe('lockoutNetwork', () => {
  it('groups IPv4 by its /24 and IPv6 by its /64', () => {
    expect(lockoutNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(lockoutNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(lockoutNetwork('2001:db8:1:2:aa:bb:cc:dd')).toBe('2001:db8:1:2::/64');
  });
});

describe('coversEveryAddress (TRUST_PROXY, issue 34)', () => {
  it('sees every IPv4 address however the set is split, native or IPv4-mapped', () => {
    expect(coversEveryAddress(['0.0.0.0/0'])).toBe(true);
    expect(coversEveryAddress(['0.0.0.0/1', '128.0.0.0/1'])).toBe(true);
    expect(coversEveryAddress(['192.0.0.0/2', '0.0.0.0/1', '128.0.0.0/2'])).toBe(true);
    expect(coversEveryAddress(['::ffff:0:0/97', '128.0.0.0/1'])).toBe(true);
    expect(coversEveryAddress(['::ffff:0:0/96'])).toBe(true);
  });

  it('sees every IPv6 address however the set is split', () => {
    expect(coversEveryAddress(['::/1', '8000::/1'])).toBe(true);
    expect(coversEveryAddress(['8000::/1', '4000::/2', '::/2'])).toBe(true);
  });

  it('leaves sets with a gap alone', () => {
    expect(coversEveryAddress(['0.0.0.0/1', '128.0.0.0/2', '192.0.0.0/3'])).toBe(false);
    expect(coversEveryAddress(['0.0.0.0/1', '128.0.0.0/1'].slice(1))).toBe(false);
    expect(coversEveryAddress(['8000::/1', '4000::/2'])).toBe(false);
    expect(coversEveryAddress(['127.0.0.1', '10.0.0.0/8', 'fd00::/8'])).toBe(false);
    expect(coversEveryAddress(['255.255.255.255', '0.0.0.0/1', '128.0.0.0/2', '192.0.0.0/3'])).toBe(
      false,
    );
  });
});
