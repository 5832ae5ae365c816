import { Suspense, useId, type ReactNode, type Ref } from 'react';
import { Footer } from '../footer/footer';
import type { FooterConfig } from '../footer/footer-config';
import { defaultFooterConfig } from '../../config/footer';
import { cn } from '../../lib/cn';

export interface AuthLayoutProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A short line under the title. */
  description?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. a link back to the login page. */
  aside?: ReactNode;
  /** `wide` for the registration wizard; `narrow` (default) for the short forms. */
  width?: 'narrow' | 'wide';
  /** The footer's values; `defaultFooterConfig` unless told otherwise. */
  footerConfig?: FooterConfig;
  /** The h1, e.g. to move focus to it when the card's content is replaced. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The product mark: decorative, the name beside it says what it is. */
function BrandMark() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className="size-8 rounded-full bg-primary p-1.5 text-primary-fg"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />
      <path d="M3.2 12h4.3l1.5-3 3 6 1.5-3h7.3" />
    </svg>
  );
}

/**
 * The frame of the signed-out pages (spec §2.1): the product name, one card with the page's h1,
 * and the site footer. Mobile first: the card fills a 320 px screen, and is centred and framed
 * from the small breakpoint up.
 */
export function AuthLayout({
  title,
  description,
  children,
  aside,
  width = 'narrow',
  footerConfig = defaultFooterConfig,
  headingRef,
}: AuthLayoutProps) {
  const headingId = useId();
  return (
    <div className="flex min-h-dvh flex-col bg-surface-muted">
      <main className="flex-1 px-4 py-8 sm:px-6 sm:py-14">
        <div className={cn('mx-auto w-full', width === 'wide' ? 'max-w-xl' : 'max-w-md')}>
          <p className="flex items-center justify-center gap-2 text-lg font-semibold text-primary">
            <BrandMark />
            Hälsoportalen
          </p>
          <section
            aria-labelledby={headingId}
            className="mt-6 rounded-card border border-border bg-surface px-5 py-6 shadow-card sm:px-8 sm:py-8"
          >
            <h1
              ref={headingRef}
              id={headingId}
              tabIndex={-1}
              className="text-2xl font-semibold tracking-tight text-fg focus:outline-none"
            >
              {title}
            </h1>
            {description ? <div className="mt-2 text-fg-muted">{description}</div> : null}
            <div className="mt-6">{children}</div>
          </section>
          {aside ? <div className="mt-6 text-center">{aside}</div> : null}
        </div>
      </main>
      {/* A Suspense boundary of its own, though nothing in it suspends: on a prerendered page
          React hydrates it in a pass after the card's, so the form a visitor reaches for first
          is hydrated without waiting for the footer (issue 39: one commit of the whole page was
          140 ms of a slowed phone's main thread). Its HTML is the same. */}
      <Suspense fallback={null}>
        <Footer config={footerConfig} />
      </Suspense>
    </div>
  );
}
