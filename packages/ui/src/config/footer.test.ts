import { describe, expect, it } from 'vitest';
import { createFooterConfig, defaultFooterConfig } from './footer';

describe('footer config', () => {
  it('takes the copyright year from the given date', () => {
    expect(createFooterConfig(new Date(2031, 0, 1)).copyrightYear).toBe(2031);
  });

  it('defaults the copyright year to the current year', () => {
    expect(defaultFooterConfig.copyrightYear).toBe(new Date().getFullYear());
  });

  it('holds the placeholder company details', () => {
    expect(defaultFooterConfig).toMatchObject({
      companyName: 'Hälsoportalen AB',
      contactEmail: 'kontakt@example.com',
      postalAddress: { street: 'Exempelgatan 1', postalTown: '111 22 Stockholm' },
      orgNumber: '556000-0000',
    });
    expect(defaultFooterConfig.links.privacyPolicy.label).toBe('Integritetspolicy');
    expect(defaultFooterConfig.links.generalTerms.label).toBe('Allmänna villkor');
    expect(defaultFooterConfig.links.cookiePolicy.label).toBe('Cookiepolicy');
    expect(defaultFooterConfig.social.map((s) => s.network)).toEqual([
      'linkedin',
      'instagram',
      'facebook',
    ]);
  });
});
