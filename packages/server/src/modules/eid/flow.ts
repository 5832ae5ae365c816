// The OpenID Connect side of an e-legitimation sign-in (design §4.18), with `openid-client`:
// discovery of the broker, the authorization request (code flow, PKCE S256, state, nonce) and
// the code exchange, whose id token is checked: signature against the broker's JWKS (the
// non-repudiation check; openid-client otherwise trusts TLS alone), issuer, audience, expiry,
// nonce. The personal number is read from the configured claim.
import * as client from 'openid-client';
import type { EidSettings } from './config.ts';
import { normalisePnr } from './service.ts';

export const CALLBACK_PATH = '/api/v1/auth/eid/callback';

export interface EidStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a callback was refused before any account was looked at (logged, never shown). */
export class EidFlowError extends Error {
  constructor(
    readonly reason: string,
    readonly cancelled = false,
  ) {
    super(reason);
    this.name = 'EidFlowError';
  }
}

export class EidFlow {
  #config: Promise<client.Configuration> | undefined;
  readonly redirectUri: string;

  constructor(
    readonly settings: EidSettings,
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}${CALLBACK_PATH}`;
  }

  /** Discovery once; a failed one is tried again on the next sign-in. */
  configuration(): Promise<client.Configuration> {
    this.#config ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        {
          execute: [
            // A plain-http issuer is only accepted outside production (config.ts): the demo's
            // and the tests' loopback brokers.
            ...(this.settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : []),
            client.enableNonRepudiationChecks,
          ],
        },
      )
      .catch((error: unknown) => {
        this.#config = undefined;
        throw error;
      });
    return this.#config;
  }

  async start(): Promise<EidStart> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // Every sign-in is a new identification, never a broker session left from before.
      prompt: 'login',
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of `callbackUrl` and checks the id token; returns the personal number
   * (YYYYMMDD-NNNN). Throws EidFlowError with a reason for the log.
   */
  async finish(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<string> {
    const error = callbackUrl.searchParams.get('error');
    if (error) throw new EidFlowError(`broker:${error.slice(0, 40)}`, error === 'access_denied');
    const config = await this.configuration();
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (cause) {
      // The library's code and the sentence of the check that refused it (oauth4webapi's, in
      // `cause`; it names the claim, never its value).
      const {
        code,
        message,
        cause: inner,
      } = cause as {
        code?: unknown;
        message?: unknown;
        cause?: { message?: unknown };
      };
      const sentence = inner instanceof Error ? inner.message : String(message);
      const reason = `${typeof code === 'string' ? code : 'token'}: ${sentence}`;
      throw new EidFlowError(reason.slice(0, 160), false);
    }
    const pnr = normalisePnr(claims?.[this.settings.pnrClaim]);
    if (!pnr) throw new EidFlowError('claim_missing');
    return pnr;
  }
}
