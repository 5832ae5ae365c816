// What a signed-in page shows before its code has run (issue 13/14, first paint): the build
// (scripts/prerender.mjs) renders this into the page's signed-in shell, so the first HTML response
// already paints the top bar, the menu bar and the page's title (and its lead, where the page has
// one) in the places the app will draw them. The portal replaces it with the real shell once the
// session and the page's code are in (packages/portal/src/main.tsx); until then it is `inert`.
// Nothing here depends on who is signed in: no name, no role's menu, no counts.
import type { PageSkeleton } from '../../../config/pages';
import { PAGE_LEAD_CLASS, PAGE_TITLE_CLASS } from '../../../components/page/page';
import { MENU_BUTTON_CLASS, SIDEBAR_CLASS } from '../../../components/sidebar/sidebar';
import { LogoMark, MenuIcon } from '../../../components/top-bar/shell-icons';
import {
  PRODUCT_TITLE,
  PRODUCT_TITLE_CLASS,
  TOP_BAR_CLASS,
} from '../../../components/top-bar/top-bar';

export interface ShellSkeletonProps {
  /** The page's title and lead; without one only the shell's bars are drawn. */
  page?: PageSkeleton;
}

/** The signed-in layout (AppShell) as plain markup: the same boxes, no controls. */
export function ShellSkeleton({ page }: ShellSkeletonProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface-muted">
      <header className={TOP_BAR_CLASS}>
        <span className={PRODUCT_TITLE_CLASS}>
          <LogoMark className="size-6" />
          {PRODUCT_TITLE}
        </span>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        <div className={SIDEBAR_CLASS}>
          <span className={MENU_BUTTON_CLASS} aria-hidden="true">
            <MenuIcon />
            Meny
          </span>
        </div>
        <main className="min-w-0 flex-1">
          {page ? (
            <div className={`mx-auto ${page.width} px-gutter py-section`}>
              <h1 className={PAGE_TITLE_CLASS}>{page.title}</h1>
              {page.lead ? <p className={PAGE_LEAD_CLASS}>{page.lead}</p> : null}
            </div>
          ) : null}
        </main>
      </div>
    </div>
  );
}
