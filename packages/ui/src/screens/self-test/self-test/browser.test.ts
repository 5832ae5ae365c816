import { describe, expect, it } from 'vitest';
import { detectBrowser } from './browser';

describe('detectBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      { name: 'Chrome', version: 140, supported: true },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      { name: 'Edge', version: 140, supported: true },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      { name: 'Firefox', version: 128, supported: true },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { name: 'Safari', version: 17, supported: true },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15',
      { name: 'Safari', version: 12, supported: false },
    ],
    [
      'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)',
      { name: 'Okänd webbläsare', version: null, supported: false },
    ],
  ])('%s', (ua, expected) => expect(detectBrowser(ua)).toEqual(expected));
});
