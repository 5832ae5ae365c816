// A test broker for e-legitimation (design §4.18): a real OpenID Provider (`oidc-provider`) whose
// sign-in page lets one pick a person instead of opening BankID. The demo mounts it at /dev/eid
// (demo-broker.ts); the server tests start it on a loopback port of their own. Never in
// production: the demo is refused there, and so is an EID_ISSUER under /dev/eid (config.ts).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { TEST_BROKER_PATH } from './config.ts';
import { normalisePnr } from './service.ts';
import { brokerPage, type BrokerPerson } from './test-broker-page.ts';

export interface TestBrokerOptions {
  /** The issuer: an origin followed by /dev/eid. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  pnrClaim: string;
  /** The people the page offers. */
  people: () => Promise<BrokerPerson[]>;
}

export interface TestBroker {
  provider: Provider;
  /** Answers every request under /dev/eid (unprefixed URLs are not ours). */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

const INTERACTION = /^\/dev\/eid\/interaction\/([\w-]{1,100})(\/login|\/abort)?$/;
const BODY_LIMIT = 4096;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > BODY_LIMIT) break;
  }
  return new URLSearchParams(text.slice(0, BODY_LIMIT));
}

function send(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(html);
}

const errorPage = (text: string) =>
  `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Testlegitimation</title></head>` +
  `<body><main><h1>Testlegitimation</h1><p>${text}</p></main></body></html>`;

export function createTestBroker(options: TestBrokerOptions): TestBroker {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const names = new Map<string, string>();
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'testbroker', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub', 'name', options.pnrClaim] },
    // The personal number travels in the id token, as Swedish brokers send it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `${TEST_BROKER_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        [options.pnrClaim]: sub,
        ...(names.has(sub) ? { name: names.get(sub) } : {}),
      }),
    }),
    // The portal is the broker's only client: no consent step.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid');
      grant.addOIDCClaims(['sub', 'name', options.pnrClaim]);
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(`Något gick fel hos testlegitimationen (${String(out.error)}).`);
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 60, IdToken: 300 },
  });
  const callback = provider.callback();

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    step?: string,
  ) {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(res, 400, errorPage('Legitimeringen har gått ut. Börja om från inloggningen.'));
    }
    if (details.uid !== uid) return send(res, 400, errorPage('Fel legitimering.'));
    const action = `${TEST_BROKER_PATH}/interaction/${uid}/login`;
    const abort = `${TEST_BROKER_PATH}/interaction/${uid}/abort`;
    if (req.method === 'GET' && !step) {
      return send(res, 200, brokerPage({ action, abort, people: await options.people() }));
    }
    if (req.method !== 'POST') return send(res, 405, errorPage('Metoden stöds inte.'));
    if (step === '/abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'Legitimeringen avbröts.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const raw = (await formBody(req)).get('pnr') ?? '';
    const pnr = normalisePnr(raw);
    if (!pnr) {
      return send(
        res,
        400,
        brokerPage({
          action,
          abort,
          people: await options.people(),
          error: 'Skriv ett personnummer med 12 siffror, till exempel 19850412-2381.',
          value: raw.slice(0, 20),
        }),
      );
    }
    const person = (await options.people()).find((p) => p.pnr === pnr);
    const accountId = pnr.replace('-', '');
    if (person) names.set(accountId, person.name);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const match = INTERACTION.exec(path);
    if (match) return interaction(req, res, match[1]!, match[2]);
    if (path !== TEST_BROKER_PATH && !path.startsWith(`${TEST_BROKER_PATH}/`)) {
      return send(res, 404, errorPage('Sidan finns inte.'));
    }
    // oidc-provider routes without its mount path and finds that path in originalUrl.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(TEST_BROKER_PATH.length) || '/';
    await callback(req, res);
  };
  return { provider, handle };
}
