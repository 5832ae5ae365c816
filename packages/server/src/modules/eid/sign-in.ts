// An e-legitimation sign-in from start to session (design §4.18). The personal number must
// belong to exactly one active account; whatever else happens the answer is one of a few
// refusals, shown on /login, and the attempt is logged with the broker's issuer and, for a
// refused number, only its keyed hash.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { EidSettings } from './config.ts';
import { EidFlow, EidFlowError } from './flow.ts';
import { EID_LOGIN_TTL_MS, EidLogins, pnrLogHash } from './service.ts';

/** Why a sign-in was refused, as /login?eid=… names it (packages/ui's eid-login shows the text). */
export type EidRefusal = 'no-account' | 'deactivated' | 'cancelled' | 'failed';

export const EID_COOKIE = 'halsa_eid';
const COOKIE_PATH = '/api/v1/auth/eid';
const DEFAULT_RETURN = '/overview';

/** A path of this portal (`/lab-results?x=1`), as the login's remembered page (ui return-to.ts). */
export const isLocalPath = (path: string): boolean =>
  /^\/(?![/\\])[^\s]*$/.test(path) && path.length < 500;

const refusedAt = (reason: EidRefusal) => `/login?eid=${reason}`;

export class EidSignIn {
  readonly flow: EidFlow;
  readonly logins: EidLogins;
  readonly #secureCookie: boolean;

  constructor(
    private readonly ctx: AppContext,
    readonly settings: EidSettings,
  ) {
    this.flow = new EidFlow(settings, ctx.config.publicUrl);
    this.logins = new EidLogins(ctx.db, ctx.clock);
    this.#secureCookie = ctx.config.isProduction || ctx.config.publicUrl.startsWith('https:');
  }

  /** 'Logga in med BankID': remembers state, nonce and verifier, sends her to the broker. */
  async start(request: FastifyRequest, reply: FastifyReply, returnTo: unknown): Promise<string> {
    let begun;
    try {
      begun = await this.flow.start();
    } catch (error) {
      request.log.error({ err: error }, 'e-legitimation: kunde inte nå legitimeringstjänsten');
      return refusedAt('failed');
    }
    await this.logins.remember(begun.state, {
      nonce: begun.nonce,
      codeVerifier: begun.codeVerifier,
      returnTo: typeof returnTo === 'string' && isLocalPath(returnTo) ? returnTo : DEFAULT_RETURN,
    });
    // Binds the sign-in to this browser: a callback URL alone (sent to someone else) is refused.
    reply.setCookie(EID_COOKIE, begun.state, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secureCookie,
      maxAge: EID_LOGIN_TTL_MS / 1000,
    });
    return begun.url.href;
  }

  /** The broker's redirect back: a session and her page, or /login with the refusal. */
  async callback(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const meta = {
      ip: request.ip,
      userAgent:
        typeof request.headers['user-agent'] === 'string'
          ? request.headers['user-agent']
          : undefined,
    };
    const bound = request.cookies[EID_COOKIE];
    reply.clearCookie(EID_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secureCookie,
    });
    const url = new URL(request.url, this.ctx.config.publicUrl);
    const state = url.searchParams.get('state') ?? '';
    const refuse = async (
      reason: EidRefusal,
      detail: string,
      extra: { pnr?: string; subjectUserId?: number } = {},
    ) => {
      await this.ctx.activity.record({
        action: 'LOGIN_FAILED',
        subjectUserId: extra.subjectUserId ?? null,
        ip: meta.ip,
        details: {
          method: 'eid',
          issuer: this.settings.issuer,
          reason: detail,
          ...(extra.pnr ? { pnrHash: this.pnrHash(extra.pnr) } : {}),
        },
      });
      return refusedAt(reason);
    };

    if (!bound || !sameText(bound, state)) return refuse('failed', 'state_mismatch');
    const pending = await this.logins.consume(state);
    if (!pending) return refuse('failed', 'state_unknown_or_used');

    let pnr: string;
    try {
      pnr = await this.flow.finish(url, { state, ...pending });
    } catch (error) {
      if (error instanceof EidFlowError) {
        return refuse(error.cancelled ? 'cancelled' : 'failed', error.reason);
      }
      request.log.error({ err: error }, 'e-legitimation: oväntat fel');
      return refuse('failed', 'error');
    }

    const accounts = await this.logins.accountsWithPnr(pnr);
    const active = accounts.filter((a) => !a.deactivated);
    if (active.length !== 1) {
      // A deactivated account gets its own text (as at the password login); none, or more than
      // one, the same words, which tell nothing about whether the number is known.
      if (active.length === 0 && accounts.length === 1) {
        return refuse('deactivated', 'deactivated', { pnr, subjectUserId: accounts[0]!.id });
      }
      return refuse('no-account', active.length === 0 ? 'no_account' : 'several_accounts', {
        pnr,
      });
    }
    const userId = active[0]!.id;
    // As after the e-mailed code (modules/auth routes): whatever session id came in is
    // destroyed, a new one is issued with the same cookie rules. It is strong on its own (design
    // §4.18), so the clinic's staff rule does not lead her to set up a passkey first.
    await this.ctx.sessions.destroyByToken(this.ctx.sessions.tokenOf(request));
    const { token } = await this.ctx.sessions.create(userId, meta, { strongSignIn: true });
    this.ctx.sessions.setCookie(reply, token);
    await this.logins.markActive(userId);
    await this.ctx.activity.record({
      action: 'LOGIN_SUCCEEDED',
      actorUserId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: { method: 'eid', issuer: this.settings.issuer },
    });
    return pending.returnTo;
  }

  /** The number as the log keeps it: a keyed hash, so a copy of the log cannot list numbers. */
  pnrHash(pnr: string): string {
    return pnrLogHash(this.ctx.config.sessionSecret, pnr);
  }
}

function sameText(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
