import { describe, expect, it } from 'vitest';
import { safeFileHref } from './file-href';

describe('safeFileHref', () => {
  it('puts API paths behind the API base', () => {
    expect(safeFileHref('/files/a.pdf', '')).toBe('/files/a.pdf');
    expect(safeFileHref('/api/v1/user/download/lab-data/B.pdf?userId=3', 'https://api.se')).toBe(
      'https://api.se/api/v1/user/download/lab-data/B.pdf?userId=3',
    );
  });

  it('accepts absolute http(s) URLs', () => {
    expect(safeFileHref('https://filer.example.se/a.png', '')).toBe(
      'https://filer.example.se/a.png',
    );
  });

  it.each([
    null,
    '',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/a.pdf',
    '/\\evil.example',
    '/files/a b.pdf',
    'files/a.pdf',
    'vbscript:x',
  ])('refuses %j', (url) => {
    expect(safeFileHref(url, '')).toBeNull();
  });
});
