import { FrameImpl, Parser } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import {
  classifySubscription,
  conversationIdOf,
  isValidDestination,
  normaliseUserQueue,
} from './destinations.ts';
import {
  type ClientFrame,
  DEFAULT_FRAME_LIMITS,
  type FrameLimits,
  StompParser,
  StompProtocolError,
  encodeFrame,
} from './frames.ts';

function parseAll(chunks: (string | Buffer)[], limits: FrameLimits = DEFAULT_FRAME_LIMITS) {
  const frames: ClientFrame[] = [];
  let beats = 0;
  const p = new StompParser(
    limits,
    (f) => frames.push(f),
    () => beats++,
  );
  for (const c of chunks) p.push(c);
  return { frames, beats };
}

function expectError(chunks: string[], kind: StompProtocolError['kind'], limits?: FrameLimits) {
  try {
    parseAll(chunks, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(StompProtocolError);
    expect((err as StompProtocolError).kind).toBe(kind);
    return;
  }
  throw new Error(`expected a ${kind} error`);
}

describe('StompParser', () => {
  it('parses frames, heart-beats between them, and any chunking', () => {
    const wire =
      '\nCONNECT\naccept-version:1.2\nheart-beat:10000,10000\n\n\0\r\n\n' +
      'SUBSCRIBE\nid:0\ndestination:/user/queue/notifications\n\n\0';
    const whole = parseAll([wire]);
    const bytewise = parseAll([...wire]);
    for (const r of [whole, bytewise]) {
      expect(r.frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE']);
      expect(r.beats).toBe(3);
      expect(r.frames[1]?.headers.get('destination')).toBe('/user/queue/notifications');
    }
  });

  it('reads CRLF line ends, first-wins repeated headers and 1.2 escapes (not in CONNECT)', () => {
    const { frames } = parseAll([
      'CONNECT\r\nlogin:a\\cb\r\n\r\n\0',
      'SUBSCRIBE\r\nid:x\\cy\\n\\\\\r\nid:second\r\ndestination:/topic/a\r\n\r\n\0',
    ]);
    expect(frames[0]?.headers.get('login')).toBe('a\\cb');
    expect(frames[1]?.headers.get('id')).toBe('x:y\n\\');
  });

  it('honours content-length, so a body may contain NUL', () => {
    const body = Buffer.from('a\0b', 'utf8');
    const { frames } = parseAll([
      Buffer.concat([Buffer.from('SEND\ncontent-length:3\n\n'), body, Buffer.from('\0')]),
    ]);
    expect(frames[0]?.body.equals(body)).toBe(true);
  });

  it('refuses frames over the size limit before they are complete', () => {
    const limits = { ...DEFAULT_FRAME_LIMITS, maxFrameBytes: 100 };
    expectError(['SEND\ncontent-length:500\n\n'], 'frame-too-large', limits);
    expectError(['SEND\n\n' + 'x'.repeat(150)], 'frame-too-large', limits); // no NUL yet
    expectError(['SEND\n' + 'a:b\n'.repeat(30)], 'frame-too-large', limits); // headers never end
  });

  it('refuses too many headers and overlong header lines', () => {
    const limits = { ...DEFAULT_FRAME_LIMITS, maxHeaders: 3, maxHeaderLineBytes: 20 };
    expectError(['SEND\na:1\nb:2\nc:3\nd:4\n'], 'too-many-headers', limits);
    expectError(['SEND\nname:' + 'v'.repeat(30)], 'header-too-long', limits); // before its LF
  });

  it('refuses malformed input', () => {
    expectError(['send\n\n\0'], 'malformed');
    expectError(['SEND\nnocolon\n\n\0'], 'malformed');
    expectError(['SEND\na:\\t\n\n\0'], 'malformed');
    expectError(['SEND\ncontent-length:2\n\nabc'], 'malformed');
    expectError(['\rX'], 'malformed');
  });

  it('never writes into the chunks it is given', () => {
    const first = Buffer.from('\nSEND\n\n\0\nSUB');
    const copy = Buffer.from(first);
    const { frames } = parseAll([first, 'SCRIBE\nid:1\ndestination:/a\n\n\0']);
    expect(frames.map((f) => f.command)).toEqual(['SEND', 'SUBSCRIBE']);
    expect(first.equals(copy)).toBe(true);
  });

  it('stops after the first error', () => {
    const frames: ClientFrame[] = [];
    const p = new StompParser(DEFAULT_FRAME_LIMITS, (f) => frames.push(f));
    expect(() => p.push('bad\n\n\0')).toThrow(StompProtocolError);
    p.push('SEND\n\n\0');
    expect(frames).toHaveLength(0);
  });
});

describe('encodeFrame', () => {
  it('is read back by @stomp/stompjs’s own Parser', () => {
    const wire = encodeFrame(
      'MESSAGE',
      { destination: '/topic/a', subscription: 'x:y', 'content-type': 'application/json' },
      '{"text":"Hej på dig"}',
    );
    const seen: FrameImpl[] = [];
    const parser = new Parser(
      (raw) => seen.push(FrameImpl.fromRawFrame(raw, true)),
      () => {},
    );
    parser.parseChunk(wire);
    expect(seen[0]?.command).toBe('MESSAGE');
    expect(seen[0]?.headers.subscription).toBe('x:y');
    expect(seen[0]?.body).toBe('{"text":"Hej på dig"}');
    expect(wire).toContain(`content-length:${Buffer.byteLength('{"text":"Hej på dig"}')}`);
  });

  it('does not escape CONNECTED headers', () => {
    expect(encodeFrame('CONNECTED', { server: 'a:b' })).toBe('CONNECTED\nserver:a:b\n\n\0');
  });
});

describe('destinations', () => {
  it('validates destinations', () => {
    expect(isValidDestination('/topic/conversations/12/messages')).toBe(true);
    for (const bad of [
      'topic/a',
      '/topic//a',
      '/topic/../a',
      '/topic/a*',
      '/topic/a b',
      '/',
      '/' + 'a'.repeat(300),
    ]) {
      expect(isValidDestination(bad), bad).toBe(false);
    }
  });

  it('applies the built-in subscription rules', () => {
    expect(classifySubscription('/user/queue/notifications', '5')).toEqual({
      verdict: 'allow',
      key: 'user:5:/queue/notifications',
    });
    expect(classifySubscription('/topic/users/5/conversations', '5').verdict).toBe('allow');
    expect(classifySubscription('/topic/users/6/conversations', '5').verdict).toBe('deny');
    expect(classifySubscription('/topic/users/5', '5').verdict).toBe('deny');
    expect(classifySubscription('/topic/conversations/9/messages', '5').verdict).toBe('ask');
    expect(classifySubscription('/user/5/queue/notifications', '5').verdict).toBe('deny');
    expect(classifySubscription('/queue/notifications', '5').verdict).toBe('deny');
    expect(classifySubscription('/app/chat', '5').verdict).toBe('deny');
  });

  it('extracts conversation ids and normalises user queues', () => {
    expect(conversationIdOf('/topic/conversations/42/messages')).toBe('42');
    expect(conversationIdOf('/topic/users/42/conversations')).toBeNull();
    expect(normaliseUserQueue('/queue/notifications')).toBe('/queue/notifications');
    expect(normaliseUserQueue('/user/queue/notifications')).toBe('/queue/notifications');
    expect(normaliseUserQueue('/topic/x')).toBeNull();
  });
});
