// Brokers for the e-legitimation tests (design §4.18): the real test broker (`oidc-provider`,
// src/modules/eid/test-broker.ts) on a loopback port, driven as a browser would, and a fake
// broker (discovery, JWKS, token endpoint) whose id tokens the test writes itself with `jose`,
// for the tokens a real broker never sends (tampered, wrong audience, wrong nonce, expired,
// without the claim).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { DEFAULT_PNR_CLAIM, type EidSettings } from '../src/modules/eid/config.ts';
import { CALLBACK_PATH } from '../src/modules/eid/flow.ts';
import { createTestBroker } from '../src/modules/eid/test-broker.ts';
import type { BrokerPerson } from '../src/modules/eid/test-broker-page.ts';
import { PUBLIC_URL } from './helpers.ts';

export const REDIRECT_URI = `${PUBLIC_URL}${CALLBACK_PATH}`;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface RunningBroker {
  settings: EidSettings;
  close: () => Promise<void>;
}

/** The real test broker on a loopback port, offering `people`. */
export async function startRealBroker(people: BrokerPerson[]): Promise<RunningBroker> {
  const holder: { handle?: ReturnType<typeof createTestBroker>['handle'] } = {};
  const server = createServer((req, res) => void holder.handle!(req, res));
  const origin = await listen(server);
  const settings: EidSettings = {
    issuer: `${origin}/dev/eid`,
    clientId: 'halsa-test',
    clientSecret: 'test-broker-secret-0123456789',
    label: 'BankID',
    pnrClaim: DEFAULT_PNR_CLAIM,
  };
  holder.handle = createTestBroker({
    ...settings,
    redirectUri: REDIRECT_URI,
    people: async () => people,
  }).handle;
  return { settings, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * A browser at the broker: follows the authorization URL to the test page, submits `pnr`
 * (or cancels) and returns the callback URL the broker sends her back to.
 */
export async function throughBroker(authorizationUrl: string, pnr: string | 'avbryt') {
  const jar = new Map<string, string>();
  const get = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!, v.join('='));
    }
    return res;
  };
  const follow = async (start: string, init?: RequestInit) => {
    let url = start;
    let res = await get(url, init);
    while (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (next.startsWith(REDIRECT_URI)) return { url: next, res };
      url = next;
      res = await get(url);
    }
    return { url, res };
  };
  const page = await follow(authorizationUrl);
  if (page.url.startsWith(REDIRECT_URI)) throw new Error('the broker skipped its page');
  const html = await page.res.text();
  if (!html.includes('Testlegitimation – ingen riktig BankID')) throw new Error(html);
  const action = `${page.url}/${pnr === 'avbryt' ? 'abort' : 'login'}`;
  const back = await follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: pnr === 'avbryt' ? '' : new URLSearchParams({ pnr }).toString(),
  });
  if (!back.url.startsWith(REDIRECT_URI)) throw new Error(`not back at the portal: ${back.url}`);
  return back.url;
}

export interface FakeBroker extends RunningBroker {
  /** The id token the next token request answers with. */
  next: (idToken: string) => void;
  /** A token signed with the broker's key, with these claims over the valid ones. */
  sign: (nonce: string, claims?: Record<string, unknown>, key?: 'other') => Promise<string>;
}

/** A broker whose id tokens the test writes: discovery, JWKS and a token endpoint. */
export async function startFakeBroker(): Promise<FakeBroker> {
  const keys = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let nextToken: string | undefined;
  let origin = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url!, origin);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: origin,
        authorization_endpoint: `${origin}/auth`,
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const id_token = nextToken;
        nextToken = undefined;
        if (!id_token || !new URLSearchParams(body).get('code')) {
          res.statusCode = 400;
          return json({ error: 'invalid_grant' });
        }
        json({ access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token });
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  origin = await listen(server);
  const settings: EidSettings = {
    issuer: origin,
    clientId: 'halsa-test',
    clientSecret: 'fake-broker-secret',
    label: 'BankID',
    pnrClaim: DEFAULT_PNR_CLAIM,
  };
  return {
    settings,
    close: () => new Promise((r) => server.close(() => r())),
    next: (make) => (nextToken = make),
    sign: (nonce, claims = {}, key) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: origin,
        aud: settings.clientId,
        sub: 'subject-1',
        nonce,
        iat: now,
        exp: now + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(key === 'other' ? other.privateKey : keys.privateKey);
    },
  };
}

/** Where the fake broker would send her back: a code and the state she was sent with. */
export function fakeCallback(authorizationUrl: string, code = 'code-1'): string {
  const state = new URL(authorizationUrl).searchParams.get('state')!;
  return `${REDIRECT_URI}?code=${code}&state=${encodeURIComponent(state)}`;
}
