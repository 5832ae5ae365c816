import { describe, expect, it } from 'vitest';
import { isExternalHref } from './footer-config';

describe('isExternalHref', () => {
  it('treats absolute http(s) URLs as external', () => {
    expect(isExternalHref('https://www.example.com/om-oss')).toBe(true);
    expect(isExternalHref('http://example.com')).toBe(true);
    expect(isExternalHref('HTTPS://EXAMPLE.COM')).toBe(true);
  });

  it('treats paths, mailto and anchors as internal', () => {
    expect(isExternalHref('/terms-of-use')).toBe(false);
    expect(isExternalHref('mailto:kontakt@example.com')).toBe(false);
    expect(isExternalHref('#innehall')).toBe(false);
  });
});
