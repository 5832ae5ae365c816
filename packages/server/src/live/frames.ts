// STOMP 1.2 frame codec: a streaming parser for what clients send (with size and header
// limits, enforced while bytes arrive) and encoders for what the server sends.
// https://stomp.github.io/stomp-specification-1.2.html
//
// We do not use @stomp/stompjs's Parser on the server: it keeps each token as a number[]
// (one JS array slot per byte), has no limits, and swallows exceptions thrown by the frame
// callback. This parser works on Buffers and throws StompProtocolError the moment a limit
// is crossed, so an oversized frame is refused before it is buffered whole.

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

export interface FrameLimits {
  /** Whole frame: command, headers and body, in bytes. */
  maxFrameBytes: number;
  /** Header lines per frame. */
  maxHeaders: number;
  /** One header line (`name:value`), in bytes. */
  maxHeaderLineBytes: number;
}

export const DEFAULT_FRAME_LIMITS: FrameLimits = {
  maxFrameBytes: 64 * 1024,
  maxHeaders: 32,
  maxHeaderLineBytes: 2048,
};

export type ProtocolErrorKind =
  'frame-too-large' | 'too-many-headers' | 'header-too-long' | 'malformed';

export class StompProtocolError extends Error {
  constructor(
    readonly kind: ProtocolErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'StompProtocolError';
  }
}

export interface ClientFrame {
  command: string;
  /** First occurrence wins (STOMP 1.2 §Repeated Header Entries). */
  headers: Map<string, string>;
  body: Buffer;
}

/** Commands whose header values are not escaped (STOMP 1.2 §Value Encoding). */
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'STOMP', 'CONNECTED']);

function unescapeHeader(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = raw[++i];
    if (n === 'n') out += '\n';
    else if (n === 'r') out += '\r';
    else if (n === 'c') out += ':';
    else if (n === '\\') out += '\\';
    else throw new StompProtocolError('malformed', 'Ogiltig escape-sekvens i header');
  }
  return out;
}

export function escapeHeader(value: string): string {
  if (!/[\\\r\n:]/.test(value)) return value;
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/:/g, '\\c');
}

/**
 * Encodes a server frame as a string (sent as a WebSocket text message).
 * Header values are escaped except in CONNECTED; a body gets a content-length.
 */
export function encodeFrame(
  command: string,
  headers: Record<string, string | number | undefined>,
  body = '',
): string {
  const escape = !UNESCAPED_COMMANDS.has(command);
  let out = command + '\n';
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const value = String(v);
    out += `${escape ? escapeHeader(k) : k}:${escape ? escapeHeader(value) : value}\n`;
  }
  if (body !== '') out += `content-length:${Buffer.byteLength(body)}\n`;
  return out + '\n' + body + '\0';
}

const EMPTY = Buffer.alloc(0);

/**
 * Incremental parser. Feed it whatever the transport delivers; it calls `onFrame` for each
 * complete frame and `onHeartbeat` for each EOL between frames, and throws
 * StompProtocolError when the input breaks the protocol or a limit.
 */
export class StompParser {
  // Unconsumed input is buf[0, len). When no partial frame is pending, `buf` is the caller's
  // chunk itself (borrowed, never written to); a partial frame is copied into an owned,
  // growable buffer. An idle connection therefore holds no buffer at all.
  private buf: Buffer = EMPTY;
  private len = 0;
  private owned = false;
  // Scan state of the frame being collected, relative to the start of `buf`:
  private scanPos = 0; // next byte to look at while searching for the end of the headers
  private lineStart = 0; // start of the current header line
  private lines = 0; // header-section lines seen so far (command included)
  private headerEnd = -1; // index just past the blank line, once found
  private bodyScanPos = 0; // next byte to look at while searching for NUL
  private failed = false;

  constructor(
    private readonly limits: FrameLimits,
    private readonly onFrame: (frame: ClientFrame) => void,
    private readonly onHeartbeat: () => void = () => {},
  ) {}

  push(chunk: Buffer | string): void {
    if (this.failed) return;
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (data.length === 0) return;
    this.append(data);
    try {
      this.drain();
    } catch (err) {
      this.failed = true;
      this.release();
      throw err;
    }
    if (this.len > 0 && !this.owned) {
      // Keep the partial frame in a buffer of our own.
      const own = Buffer.allocUnsafe(Math.max(1024, this.len * 2));
      this.buf.copy(own, 0, 0, this.len);
      this.buf = own;
      this.owned = true;
    }
  }

  private append(data: Buffer): void {
    if (this.len === 0) {
      this.buf = data;
      this.len = data.length;
      this.owned = false;
      return;
    }
    const need = this.len + data.length;
    if (need > this.buf.length) {
      let cap = Math.max(this.buf.length * 2, 1024);
      while (cap < need) cap *= 2;
      const next = Buffer.allocUnsafe(cap);
      this.buf.copy(next, 0, 0, this.len);
      this.buf = next;
    }
    data.copy(this.buf, this.len);
    this.len = need;
  }

  private release(): void {
    this.buf = EMPTY;
    this.len = 0;
    this.owned = false;
  }

  private resetFrameState(): void {
    this.scanPos = 0;
    this.lineStart = 0;
    this.lines = 0;
    this.headerEnd = -1;
    this.bodyScanPos = 0;
  }

  private consume(n: number): void {
    if (n >= this.len) {
      this.release();
    } else if (this.owned) {
      this.buf.copyWithin(0, n, this.len);
      this.len -= n;
    } else {
      // Borrowed: move the view forward instead of writing into the caller's buffer.
      this.buf = this.buf.subarray(n, this.len);
      this.len -= n;
    }
    this.resetFrameState();
  }

  private drain(): void {
    const { maxFrameBytes } = this.limits;
    for (;;) {
      // Between frames: EOLs are heart-beats; stray NULs are ignored.
      if (this.headerEnd < 0 && this.scanPos === 0) {
        let p = 0;
        while (p < this.len) {
          const b = this.buf[p];
          if (b === LF) {
            this.onHeartbeat();
            p++;
          } else if (b === NUL) {
            p++;
          } else if (b === CR) {
            if (p + 1 >= this.len) break; // wait for the LF
            if (this.buf[p + 1] !== LF) throw new StompProtocolError('malformed', 'Ensamt CR');
            this.onHeartbeat();
            p += 2;
          } else break;
        }
        if (p > 0) this.consume(p);
        if (this.len === 0 || this.buf[0] === CR) return;
      }

      if (this.headerEnd < 0 && !this.scanHeaders()) {
        if (this.len > maxFrameBytes) {
          throw new StompProtocolError(
            'frame-too-large',
            `Ramen är större än ${maxFrameBytes} byte`,
          );
        }
        return;
      }

      const frame = this.parseHeaderSection();
      const start = this.headerEnd;
      let end: number; // index of the terminating NUL
      const cl = frame.headers.get('content-length');
      if (cl !== undefined) {
        if (!/^\d{1,10}$/.test(cl))
          throw new StompProtocolError('malformed', 'Ogiltig content-length');
        const n = Number(cl);
        if (start + n + 1 > maxFrameBytes) {
          throw new StompProtocolError(
            'frame-too-large',
            `Ramen är större än ${maxFrameBytes} byte`,
          );
        }
        if (this.len < start + n + 1) return;
        end = start + n;
        if (this.buf[end] !== NUL) {
          throw new StompProtocolError('malformed', 'Ramen slutar inte med NUL');
        }
      } else {
        const from = Math.max(start, this.bodyScanPos);
        end = this.buf.indexOf(NUL, from);
        if (end < 0 || end >= this.len) {
          this.bodyScanPos = this.len;
          if (this.len > maxFrameBytes) {
            throw new StompProtocolError(
              'frame-too-large',
              `Ramen är större än ${maxFrameBytes} byte`,
            );
          }
          return;
        }
      }
      if (end + 1 > maxFrameBytes) {
        throw new StompProtocolError('frame-too-large', `Ramen är större än ${maxFrameBytes} byte`);
      }
      frame.body = Buffer.from(this.buf.subarray(start, end));
      this.consume(end + 1);
      this.onFrame(frame);
      if (this.failed) return;
    }
  }

  /**
   * Advances the search for the blank line that ends the header section, checking header
   * count and line length as lines go by. Returns true once it is found.
   */
  private scanHeaders(): boolean {
    const { maxHeaders, maxHeaderLineBytes } = this.limits;
    while (this.scanPos < this.len) {
      const nl = this.buf.indexOf(LF, this.scanPos);
      if (nl < 0 || nl >= this.len) {
        this.scanPos = this.len;
        if (this.len - this.lineStart > maxHeaderLineBytes) {
          throw new StompProtocolError(
            'header-too-long',
            `En header är längre än ${maxHeaderLineBytes} byte`,
          );
        }
        return false;
      }
      let lineEnd = nl;
      if (lineEnd > this.lineStart && this.buf[lineEnd - 1] === CR) lineEnd--;
      const lineLen = lineEnd - this.lineStart;
      this.scanPos = nl + 1;
      if (lineLen === 0 && this.lines > 0) {
        this.headerEnd = nl + 1;
        return true;
      }
      if (lineLen > maxHeaderLineBytes) {
        throw new StompProtocolError(
          'header-too-long',
          `En header är längre än ${maxHeaderLineBytes} byte`,
        );
      }
      this.lines++;
      if (this.lines - 1 > maxHeaders) {
        throw new StompProtocolError('too-many-headers', `Fler än ${maxHeaders} headers`);
      }
      this.lineStart = nl + 1;
    }
    return false;
  }

  private parseHeaderSection(): ClientFrame {
    const text = this.buf.toString('utf8', 0, this.headerEnd);
    const lines = text.split('\n');
    const strip = (l: string) => (l.endsWith('\r') ? l.slice(0, -1) : l);
    const command = strip(lines[0] ?? '');
    if (!/^[A-Z]{1,16}$/.test(command)) {
      throw new StompProtocolError('malformed', 'Ogiltigt kommando');
    }
    const escaped = !UNESCAPED_COMMANDS.has(command);
    const headers = new Map<string, string>();
    // The last two entries are the blank line and the empty rest after it.
    for (let i = 1; i < lines.length - 2; i++) {
      const line = strip(lines[i] ?? '');
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('malformed', 'Header utan namn eller kolon');
      const rawKey = line.slice(0, colon);
      const rawValue = line.slice(colon + 1);
      const key = escaped ? unescapeHeader(rawKey) : rawKey;
      if (!headers.has(key)) headers.set(key, escaped ? unescapeHeader(rawValue) : rawValue);
    }
    return { command, headers, body: EMPTY };
  }
}
