// Which browser this is, from its user-agent string, and whether the portal supports it.

export interface BrowserInfo {
  name: string;
  version: number | null;
  supported: boolean;
}

/** Oldest versions the portal is built and tested for (ES2022, :has(), dialog). */
const MINIMUM: Record<string, number> = {
  Edge: 111,
  Chrome: 111,
  Chromium: 111,
  Firefox: 115,
  Safari: 16,
  Opera: 97,
};

const PATTERNS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chromium', /Chromium\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)(?:\.\d+)*.*Safari\//],
];

export function detectBrowser(userAgent: string): BrowserInfo {
  for (const [name, re] of PATTERNS) {
    const match = re.exec(userAgent);
    if (match) {
      const version = Number(match[1]);
      return { name, version, supported: version >= (MINIMUM[name] ?? Infinity) };
    }
  }
  return { name: 'Okänd webbläsare', version: null, supported: false };
}
