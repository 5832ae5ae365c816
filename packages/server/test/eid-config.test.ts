// EID_* in the configuration (design §4.18): unset → nothing; set → all three together; the test
// broker (/dev/eid) and plain http are refused in production, as the demo and /dev/mail are.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const base = { SMTP_URL: 'smtp://127.0.0.1:2525' };
const prod = { ...base, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };
const broker = {
  EID_ISSUER: 'https://broker.example/oidc',
  EID_CLIENT_ID: 'halsa',
  EID_CLIENT_SECRET: 'hemligt',
};

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('EID_* settings', () => {
  it('unset: no e-legitimation', () => {
    expect(loadConfig(base).eid).toBeUndefined();
  });

  it('set: the broker, with the label and the Swedish profile claim by default', () => {
    expect(loadConfig({ ...prod, ...broker }).eid).toEqual({
      issuer: 'https://broker.example/oidc',
      clientId: 'halsa',
      clientSecret: 'hemligt',
      label: 'BankID',
      pnrClaim: 'https://id.oidc.se/claim/personalIdentityNumber',
    });
    const tuned = loadConfig({ ...base, ...broker, EID_LABEL: 'Freja eID', EID_PNR_CLAIM: 'pnr' });
    expect(tuned.eid).toMatchObject({ label: 'Freja eID', pnrClaim: 'pnr' });
  });

  it('one of the three missing is a Swedish one-line error naming it', () => {
    const error = errorOf({ ...base, EID_ISSUER: broker.EID_ISSUER, EID_CLIENT_ID: 'halsa' });
    expect(error.variable).toBe('EID_CLIENT_SECRET');
    expect(error.message).toBe(
      'Ogiltig konfiguration: EID_CLIENT_SECRET måste anges tillsammans med EID_ISSUER, EID_CLIENT_ID och EID_CLIENT_SECRET',
    );
    expect(errorOf({ ...base, ...broker, EID_ISSUER: 'inte en url' }).variable).toBe('EID_ISSUER');
  });

  it('production refuses the test broker and a broker without TLS', () => {
    const testBroker = errorOf({
      ...prod,
      ...broker,
      EID_ISSUER: 'https://halsa.example/dev/eid',
    });
    expect(testBroker.message).toBe(
      'Ogiltig konfiguration: EID_ISSUER får inte vara testlegitimationen /dev/eid i produktion (NODE_ENV=production)',
    );
    expect(errorOf({ ...prod, ...broker, EID_ISSUER: 'http://broker.example' }).variable).toBe(
      'EID_ISSUER',
    );
    // Outside production a loopback broker over http is fine (the demo's, the tests').
    expect(
      loadConfig({ ...base, ...broker, EID_ISSUER: 'http://127.0.0.1:9/dev/eid' }).eid,
    ).toBeDefined();
  });
});
