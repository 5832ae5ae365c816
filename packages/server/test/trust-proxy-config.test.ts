// TRUST_PROXY (issue 15): the proxy's addresses or CIDRs, validated at start with a Swedish
// one-line message; unset leaves forwarded headers ignored (test/rate-limit.test.ts shows the
// effect on request.ip).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const load = (value: string | undefined) => loadConfig({ DEMO: 'true', TRUST_PROXY: value });

describe('TRUST_PROXY', () => {
  it('unset (or blank) trusts no proxy', () => {
    expect(load(undefined).trustProxy).toBeUndefined();
    expect(load('  ').trustProxy).toBeUndefined();
  });

  it('takes addresses and CIDRs, IPv4 and IPv6, separated by commas', () => {
    expect(load('127.0.0.1').trustProxy).toEqual(['127.0.0.1']);
    expect(load('10.0.0.0/8, 172.28.0.10 ,::1, fd00::/8').trustProxy).toEqual([
      '10.0.0.0/8',
      '172.28.0.10',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['true', '*', 'proxy.example.se', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '10.0.0.1,'])(
    'refuses %s with a Swedish message naming the variable',
    (value) => {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(
        /^Ogiltig konfiguration: TRUST_PROXY måste vara proxyns IP-adress eller CIDR, flera med komma \(fick "/,
      );
    },
  );

  // A catch-all would let any client name its own address in X-Forwarded-For (issue 22).
  it.each(['0.0.0.0/0', '::/0', '::ffff:0:0/96', '::/64', '127.0.0.1, 0.0.0.0/0'])(
    'refuses %s, which trusts every address',
    (value) => {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(
        /^Ogiltig konfiguration: TRUST_PROXY får inte omfatta alla adresser \(fick "(0\.0\.0\.0\/0|::\/0|::ffff:0:0\/96|::\/64)"\)/,
      );
    },
  );

  // Split into parts that each hold less, the union still trusts everyone (issue 34).
  it.each([
    '0.0.0.0/1,128.0.0.0/1',
    '128.0.0.0/2, 0.0.0.0/1, 192.0.0.0/2',
    '::ffff:0:0/97,::ffff:128.0.0.0/97',
    '0.0.0.0/1,::ffff:128.0.0.0/97',
  ])('refuses %s, whose parts together trust every address', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(
      /^Ogiltig konfiguration: TRUST_PROXY får inte omfatta alla adresser \(fick ".*"\): tillsammans omfattar delarna alla IPv4- eller IPv6-adresser/,
    );
  });

  it('takes parts that leave a gap', () => {
    expect(load('0.0.0.0/1,128.0.0.0/2,192.0.0.0/3').trustProxy).toHaveLength(3);
    expect(load('2000::/3,4000::/2').trustProxy).toHaveLength(2);
    expect(load('0.0.0.0/1,::ffff:127.0.0.1').trustProxy).toHaveLength(2);
  });

  it('still takes wide but bounded networks', () => {
    expect(load('10.0.0.0/8,fc00::/7,0.0.0.0').trustProxy).toEqual([
      '10.0.0.0/8',
      'fc00::/7',
      '0.0.0.0',
    ]);
  });
});
