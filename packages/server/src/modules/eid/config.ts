// The e-legitimation broker's settings (design §4.18): EID_ISSUER, EID_CLIENT_ID and
// EID_CLIENT_SECRET together turn 'Logga in med BankID' on; EID_LABEL names the button,
// EID_PNR_CLAIM the claim that carries the personal number. Unset: nothing changes. Under
// DEMO=true without them the server runs its own test broker at /dev/eid (test-broker.ts).
import { ConfigError } from '../../config.ts';

/** The Swedish OIDC profile's personal-number claim. */
export const DEFAULT_PNR_CLAIM = 'https://id.oidc.se/claim/personalIdentityNumber';
export const DEFAULT_EID_LABEL = 'BankID';
/** Where the test broker is mounted; refused as an issuer in production. */
export const TEST_BROKER_PATH = '/dev/eid';

export interface EidSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The word after 'Logga in med'. */
  label: string;
  pnrClaim: string;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

export function loadEidConfig(env: Env, isProduction: boolean): EidSettings | undefined {
  const issuer = value(env, 'EID_ISSUER');
  const clientId = value(env, 'EID_CLIENT_ID');
  const clientSecret = value(env, 'EID_CLIENT_SECRET');
  const label = value(env, 'EID_LABEL') ?? DEFAULT_EID_LABEL;
  const pnrClaim = value(env, 'EID_PNR_CLAIM') ?? DEFAULT_PNR_CLAIM;
  if (!issuer && !clientId && !clientSecret) return undefined;
  for (const [name, v] of [
    ['EID_ISSUER', issuer],
    ['EID_CLIENT_ID', clientId],
    ['EID_CLIENT_SECRET', clientSecret],
  ] as const) {
    if (!v) {
      throw new ConfigError(
        name,
        'måste anges tillsammans med EID_ISSUER, EID_CLIENT_ID och EID_CLIENT_SECRET',
      );
    }
  }
  let url: URL;
  try {
    url = new URL(issuer!);
  } catch {
    throw new ConfigError('EID_ISSUER', `är ingen giltig URL: "${issuer}"`);
  }
  if (url.protocol !== 'https:' && (isProduction || url.protocol !== 'http:')) {
    throw new ConfigError(
      'EID_ISSUER',
      `måste börja med https:// ${isProduction ? 'i produktion ' : ''}(fick "${issuer}")`,
    );
  }
  if (isProduction && url.pathname.startsWith(TEST_BROKER_PATH)) {
    throw new ConfigError(
      'EID_ISSUER',
      'får inte vara testlegitimationen /dev/eid i produktion (NODE_ENV=production)',
    );
  }
  if (label.length > 40) {
    throw new ConfigError('EID_LABEL', `får vara högst 40 tecken (fick ${label.length})`);
  }
  return { issuer: issuer!, clientId: clientId!, clientSecret: clientSecret!, label, pnrClaim };
}
