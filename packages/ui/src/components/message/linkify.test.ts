import { describe, expect, it } from 'vitest';
import { linkify, safeHttpUrl, type LinkifySegment } from './linkify';

const links = (segments: LinkifySegment[]) =>
  segments.filter((s) => s.type === 'link').map((s) => ({ text: s.text, href: s.href }));

const joined = (segments: LinkifySegment[]) => segments.map((s) => s.text).join('');

describe('linkify', () => {
  it('returns plain text as one text segment, and nothing for an empty string', () => {
    expect(linkify('Hej Anna, hur mår du?')).toEqual([
      { type: 'text', text: 'Hej Anna, hur mår du?' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('turns an https URL into a link with text around it', () => {
    expect(linkify('Läs mer på https://www.1177.se/ under tiden.')).toEqual([
      { type: 'text', text: 'Läs mer på ' },
      { type: 'link', text: 'https://www.1177.se/', href: 'https://www.1177.se/' },
      { type: 'text', text: ' under tiden.' },
    ]);
  });

  it('accepts http, any letter case of the scheme, and normalises the href', () => {
    expect(links(linkify('http://exempel.se'))).toEqual([
      { text: 'http://exempel.se', href: 'http://exempel.se/' },
    ]);
    expect(links(linkify('HTTPS://Exempel.SE/Sida'))).toEqual([
      { text: 'HTTPS://Exempel.SE/Sida', href: 'https://exempel.se/Sida' },
    ]);
  });

  it('finds several links, at the start, the end and after a newline', () => {
    const text = 'https://a.se och\nhttps://b.se/x?y=1&z=2#del';
    expect(links(linkify(text))).toEqual([
      { text: 'https://a.se', href: 'https://a.se/' },
      { text: 'https://b.se/x?y=1&z=2#del', href: 'https://b.se/x?y=1&z=2#del' },
    ]);
    expect(joined(linkify(text))).toBe(text);
  });

  it('leaves sentence punctuation and unmatched closing brackets out of the link', () => {
    expect(links(linkify('Se https://a.se/sida.'))).toEqual([
      { text: 'https://a.se/sida', href: 'https://a.se/sida' },
    ]);
    expect(links(linkify('Kolla (https://a.se/sida), tack!'))).toEqual([
      { text: 'https://a.se/sida', href: 'https://a.se/sida' },
    ]);
    expect(links(linkify('Se https://sv.wikipedia.org/wiki/Järn_(grundämne)!'))).toEqual([
      {
        text: 'https://sv.wikipedia.org/wiki/Järn_(grundämne)',
        href: 'https://sv.wikipedia.org/wiki/J%C3%A4rn_(grund%C3%A4mne)',
      },
    ]);
    expect(links(linkify('Fråga?https://a.se?'))).toEqual([]);
  });

  it('keeps Swedish letters in paths and hosts', () => {
    const [link] = links(linkify('https://hälsa.se/råd'));
    expect(link?.text).toBe('https://hälsa.se/råd');
    expect(link?.href.startsWith('https://xn--')).toBe(true);
  });

  it('does not link bare domains, other schemes or broken URLs', () => {
    for (const text of [
      'www.1177.se',
      '1177.se/provsvar',
      'mailto:info@example.com',
      'ftp://files.example.com/a.pdf',
      'tel:+46701234567',
      'https://',
      'https:///sökväg',
      'http:/exempel.se',
      'http:\\\\exempel.se',
      'file:///etc/passwd',
    ]) {
      expect(links(linkify(text)), text).toEqual([]);
      expect(joined(linkify(text)), text).toBe(text);
    }
  });

  it('only links a URL that starts a word (not one glued to another scheme or word)', () => {
    for (const text of [
      'javascript://https://evil.example/%0Aalert(1)',
      'xhttps://a.se',
      'data:text/html,https://a.se',
      'se:https://a.se',
    ]) {
      expect(links(linkify(text)), text).toEqual([]);
    }
  });

  it('refuses credentials, backslashes and control characters in a link', () => {
    expect(links(linkify('https://bank.se@evil.example/logga-in'))).toEqual([]);
    expect(links(linkify('https://user:pass@a.se'))).toEqual([]);
    expect(safeHttpUrl('https://a.se\\@evil.example')).toBeNull();
    expect(safeHttpUrl('https://a.se/\u0000')).toBeNull();
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('https://a.se/')).toBe('https://a.se/');
  });

  describe('XSS corpus: nothing becomes a link, the text stays exactly as written', () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<img src="x" onerror="alert(document.cookie)">',
      '<svg onload=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<a href="javascript:alert(1)">klicka</a>',
      '<a href=javascript:alert(1)>klicka</a>',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      '\u0000javascript:alert(1)',
      '\u200bjavascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:text/html,<script>alert(1)</script>',
      '[x](javascript:alert(1))',
      '[klicka här](JAVASCRIPT:alert(1))',
      '[x]( javascript:alert(1) )',
      '![bild](javascript:alert(1))',
      '<javascript:alert(1)>',
      '**fet** _kursiv_ `kod` # rubrik',
      '"><script>alert(1)</script>',
      "'; alert(1); //",
      '{{constructor.constructor("alert(1)")()}}',
      '${alert(1)}',
      '<style>body{background:url("javascript:alert(1)")}</style>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<div style="width:expression(alert(1))">',
      '<form action="javascript:alert(1)"><button>Skicka</button></form>',
    ];
    it.each(corpus)('%j', (text) => {
      const segments = linkify(text);
      expect(links(segments)).toEqual([]);
      expect(segments).toEqual([{ type: 'text', text }]);
    });
  });

  describe('HTML and markdown around a real https link: the link is https, the rest is text', () => {
    it.each([
      ['<a href="https://a.se/">x</a>', 'https://a.se/'],
      ['[1177](https://www.1177.se/)', 'https://www.1177.se/'],
      ['<img src="https://a.se/x.png" onerror="alert(1)">', 'https://a.se/x.png'],
      ['https://a.se/"onmouseover="alert(1)', 'https://a.se/'],
      ['https://a.se/<script>alert(1)</script>', 'https://a.se/'],
    ])('%j', (text, href) => {
      const segments = linkify(text);
      expect(links(segments).map((l) => l.href)).toEqual([href]);
      for (const link of links(segments)) expect(link.href).toMatch(/^https?:\/\//);
      expect(joined(segments)).toBe(text);
    });
  });

  it('always gives the input back when the segments are joined', () => {
    const samples = [
      'Hej!\n\nhttps://a.se/b?c=d.\n(https://e.se) och [f](https://g.se/h)',
      '   ',
      'https://a.se https://a.se',
      'Ingen länk här.',
    ];
    for (const text of samples) expect(joined(linkify(text))).toBe(text);
  });
});
