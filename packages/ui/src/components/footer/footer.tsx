import type { ReactNode } from 'react';
import type { FooterConfig, FooterLink, SocialNetwork } from './footer-config';
import { isExternalHref } from './footer-config';

export interface FooterProps {
  /** The values to show; the portal passes `defaultFooterConfig` from `config/footer.ts`. */
  config: FooterConfig;
  className?: string;
}

const NEW_TAB_HINT = '(öppnas i ny flik)';

const linkClass =
  'rounded-sm text-accent underline-offset-4 hover:text-accent-hover hover:underline';

interface FooterAnchorProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** An anchor that opens absolute http(s) URLs in a new tab and says so to screen readers. */
function FooterAnchor({ href, className, children }: FooterAnchorProps) {
  const external = isExternalHref(href);
  return (
    <a
      href={href}
      className={className}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external && <span className="sr-only"> {NEW_TAB_HINT}</span>}
    </a>
  );
}

// Outline icons after Lucide (ISC licence); decorative, the link text names them.
const socialIcons: Record<SocialNetwork, ReactNode> = {
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  instagram: (
    <>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </>
  ),
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
};

function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {socialIcons[network]}
    </svg>
  );
}

/** The site footer of spec §2.1: links, contact details, org.nr and copyright. */
export function Footer({ config, className }: FooterProps) {
  const { companyName, links, social, contactEmail, postalAddress, orgNumber, copyrightYear } =
    config;
  const navLinks: FooterLink[] = [
    links.about,
    links.contact,
    links.privacyPolicy,
    links.generalTerms,
    links.cookiePolicy,
  ];

  return (
    <footer
      className={['border-t border-border bg-surface-muted text-base text-fg-muted', className]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="grid gap-8 sm:grid-cols-3">
          <div>
            <p className="text-base font-semibold text-fg">{companyName}</p>
            <address className="mt-2 space-y-1 not-italic">
              <span className="block">{postalAddress.street}</span>
              <span className="block">{postalAddress.postalTown}</span>
              <span className="block pt-2">
                E-post:{' '}
                <a href={`mailto:${contactEmail}`} className={`${linkClass} underline`}>
                  {contactEmail}
                </a>
              </span>
            </address>
            <p className="mt-2">Org.nr {orgNumber}</p>
          </div>

          <nav aria-label="Sidfot">
            <ul className="space-y-1">
              {navLinks.map((link) => (
                <li key={link.href}>
                  <FooterAnchor href={link.href} className={`${linkClass} inline-block py-1`}>
                    {link.label}
                  </FooterAnchor>
                </li>
              ))}
            </ul>
          </nav>

          {social.length > 0 && (
            <div>
              <p id="sidfot-sociala-medier" className="font-semibold text-fg">
                Följ oss
              </p>
              <ul aria-labelledby="sidfot-sociala-medier" className="mt-2 -ml-2 flex gap-2">
                {social.map((item) => (
                  <li key={item.network}>
                    <FooterAnchor
                      href={item.href}
                      className={`${linkClass} inline-flex size-10 items-center justify-center hover:bg-surface-sunken`}
                    >
                      <SocialIcon network={item.network} />
                      <span className="sr-only">{item.label}</span>
                    </FooterAnchor>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <p className="mt-8 border-t border-border pt-6 text-sm text-fg-muted">
          © {copyrightYear} {companyName}. Alla rättigheter förbehållna.
        </p>
      </div>
    </footer>
  );
}
