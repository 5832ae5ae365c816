/** A link in the footer. Absolute http(s) URLs open in a new tab. */
export interface FooterLink {
  /** Visible Swedish link text, e.g. 'Integritetspolicy'. */
  label: string;
  href: string;
}

export type SocialNetwork = 'linkedin' | 'instagram' | 'facebook';

export interface FooterSocialLink {
  network: SocialNetwork;
  /** Accessible Swedish name of the icon link, e.g. 'Hälsoportalen på LinkedIn'. */
  label: string;
  href: string;
}

/** Everything the footer shows (spec §2.1). Defaults live in `config/footer.ts`. */
export interface FooterConfig {
  companyName: string;
  links: {
    about: FooterLink;
    contact: FooterLink;
    privacyPolicy: FooterLink;
    generalTerms: FooterLink;
    cookiePolicy: FooterLink;
  };
  social: FooterSocialLink[];
  contactEmail: string;
  postalAddress: {
    street: string;
    /** Postal code and town, e.g. '111 22 Stockholm'. */
    postalTown: string;
  };
  /** Swedish company registration number, e.g. '556000-0000'. */
  orgNumber: string;
  copyrightYear: number;
}

/** True for absolute http(s) URLs, which the footer opens in a new tab. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
