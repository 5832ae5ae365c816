import type { FooterConfig } from '../components/footer/footer-config';

/**
 * The footer's values (spec §2.1: the exact values are not given, so these are placeholders).
 * Replace them here, not in the component. The copyright year follows the given date.
 */
export function createFooterConfig(now: Date = new Date()): FooterConfig {
  const companyName = 'Hälsoportalen AB';
  return {
    companyName,
    links: {
      about: { label: 'Om oss', href: 'https://www.example.com/om-oss' },
      contact: { label: 'Kontakt', href: 'https://www.example.com/kontakt' },
      privacyPolicy: {
        label: 'Integritetspolicy',
        href: 'https://www.example.com/integritetspolicy',
      },
      generalTerms: { label: 'Allmänna villkor', href: 'https://www.example.com/allmanna-villkor' },
      cookiePolicy: { label: 'Cookiepolicy', href: 'https://www.example.com/cookiepolicy' },
    },
    social: [
      {
        network: 'linkedin',
        label: `${companyName} på LinkedIn`,
        href: 'https://www.example.com/linkedin',
      },
      {
        network: 'instagram',
        label: `${companyName} på Instagram`,
        href: 'https://www.example.com/instagram',
      },
      {
        network: 'facebook',
        label: `${companyName} på Facebook`,
        href: 'https://www.example.com/facebook',
      },
    ],
    contactEmail: 'kontakt@example.com',
    postalAddress: { street: 'Exempelgatan 1', postalTown: '111 22 Stockholm' },
    orgNumber: '556000-0000',
    copyrightYear: now.getFullYear(),
  };
}

/** The defaults, with the copyright year taken from the current date when the module loads. */
export const defaultFooterConfig: FooterConfig = createFooterConfig();
