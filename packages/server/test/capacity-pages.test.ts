// bench:capacity's pages (bench/capacity-pages.ts) name calls by the contract's method and path:
// a route renamed or removed must fail here, not leave the bench measuring 404s, and every URL the
// load generator builds must be one the route's pattern (and so the floor's) matches.
import { findEndpoint } from '@halsa/api/contract';
import { describe, expect, it } from 'vitest';
import {
  CALLS,
  PAGES,
  ROUNDS,
  wavesOf,
  type Call,
  type Page,
  type Visit,
} from '../bench/capacity-pages.ts';

const coach: Visit = {
  person: {
    userId: 7,
    role: 'STAFF',
    token: 't',
    clients: [11],
    conversationOf: new Map([[11, 21]]),
  },
  client: 11,
  messageId: 31,
};
const client: Visit = {
  person: { userId: 11, role: 'USER', token: 't', conversationId: 21 },
  messageId: 31,
};

const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[0-9]+')}(\\?[^#]*)?$`);

describe('bench:capacity pages', () => {
  it.each(Object.entries(CALLS) as [string, Call][])(
    '%s is a route of the contract',
    (_name, call) => {
      expect(findEndpoint(call.method, call.path)?.path).toBe(call.path);
    },
  );

  it('builds, for each role, URLs that match the route pattern of every call its pages make', () => {
    for (const [role, visit] of [
      ['STAFF', coach],
      ['USER', client],
    ] as const) {
      for (const page of ROUNDS[role]) {
        const p = PAGES[page];
        const names = [...wavesOf(p).flat(), ...('fanOut' in p ? [p.fanOut.call] : [])];
        for (const name of names) {
          const call: Call = CALLS[name];
          expect(call.url(visit), `${role} ${page} ${name}`).toMatch(patternOf(call.path));
        }
      }
    }
  });

  it('starts a full page load with the session and ends it with the shell’s calls', () => {
    // The shell's badge is the count, not the list (issue 38).
    expect(wavesOf(PAGES.overview)).toEqual([['me'], ['notifications'], ['unreadCount']]);
    expect(wavesOf(PAGES.client)).toEqual(PAGES.client.waves);
  });

  it("a coach's client page asks for her one conversation with that client, not her whole list", () => {
    expect(PAGES.client.waves.flat()).toContain('clientConversation');
    expect(CALLS.clientConversation.url(coach)).toBe(
      '/api/v1/user/messaging/conversations?partnerId=11',
    );
    // No page of either role asks for the whole list any more (the widget's open list is not
    // part of the bench's rounds).
    const everyCall = Object.values(PAGES).flatMap((p: Page) => wavesOf(p).flat());
    expect(everyCall.map((c) => CALLS[c].url(coach))).not.toContain(
      '/api/v1/user/messaging/conversations',
    );
  });
});
