// Message text → plain text and link segments (design.md §5: message text is rendered as text;
// only http(s) links become anchors). Pure, so the XSS rules are unit-tested in linkify.test.ts.
// Never feed the result to innerHTML: render `text` as React text and `href` as an anchor's href.

export interface TextSegment {
  type: 'text';
  text: string;
}

export interface LinkSegment {
  type: 'link';
  /** The characters as written in the message (shown as the link text). */
  text: string;
  /** The parsed, normalised http(s) URL. */
  href: string;
}

export type LinkifySegment = TextSegment | LinkSegment;

/**
 * A candidate starts with `http://` or `https://` (any case) at the start of the text or after
 * whitespace or an opening bracket or quote, and runs until whitespace, a quote, `<`, `>` or a
 * backtick. Everything else (javascript:, data:, vbscript:, mailto:, bare domains, HTML,
 * markdown link syntax) stays text.
 */
const CANDIDATE = /(?<=^|[\s([{<"'«“‘])https?:\/\/[^\s<>"'`«»“”‘’]+/giu;

/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?]$/u;

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string): number => text.split(char).length - 1;

/** Drops trailing sentence punctuation and closing brackets that have no opening partner. */
function trimCandidate(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = PAIRS[last];
    if (TRAILING.test(last)) {
      url = url.slice(0, -1);
    } else if (opener !== undefined && count(url, last) > count(url, opener)) {
      url = url.slice(0, -1);
    } else {
      return url;
    }
  }
}

/** The normalised href when `candidate` is a well-formed http(s) URL with a host, else null. */
export function safeHttpUrl(candidate: string): string | null {
  // Control characters and backslashes are never part of a link we make.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/u.test(candidate)) return null;
  // The host must follow the two slashes directly (the URL parser forgives "https:///x").
  if (!/^https?:\/\/[^/?#@]/iu.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  // Credentials in a link ("https://bank.se@evil.example") only serve to mislead.
  if (url.username || url.password) return null;
  return url.href;
}

/**
 * Splits message text into text and http(s) link segments. Joining every segment's `text`
 * gives the input back unchanged.
 */
export function linkify(text: string): LinkifySegment[] {
  const segments: LinkifySegment[] = [];
  let plain = '';
  let index = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const url = trimCandidate(match[0]);
    const href = url ? safeHttpUrl(url) : null;
    if (!href) continue;
    plain += text.slice(index, start);
    if (plain) segments.push({ type: 'text', text: plain });
    plain = '';
    segments.push({ type: 'link', text: url, href });
    index = start + url.length;
  }
  plain += text.slice(index);
  if (plain) segments.push({ type: 'text', text: plain });
  return segments;
}
