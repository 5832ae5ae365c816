// The frame of a signed-in page with a skeleton (issue 37): its column, h1 and lead come from
// its entry in config/pages.ts, the list the build's first HTML (screens/shell/shell-skeleton)
// paints them from, so the page draws the same title, width and lead in the same place as that
// first paint (issue 26: the first paint stays the largest contentful one) and cannot drift from it.
import { useId, type ReactNode } from 'react';
import { signedInPages, type PageSkeleton } from '../../config/pages';

/** The page's h1, here and in its first HTML. */
export const PAGE_TITLE_CLASS = 'text-2xl font-semibold';
/** The lead under it, here and in its first HTML. */
export const PAGE_LEAD_CLASS = 'text-fg-muted';

/** The pages of config/pages.ts that have a skeleton, by id: the ones `Page` draws. */
export type SkeletonPageId = Extract<
  (typeof signedInPages)[number],
  { skeleton: PageSkeleton }
>['id'];

/** The skeleton (title, width, lead) of page `id` in config/pages.ts. */
export const pageSkeleton = (id: SkeletonPageId): PageSkeleton =>
  (signedInPages.find((page) => page.id === id) as { skeleton: PageSkeleton }).skeleton;

export interface PageProps {
  /** The page's id in config/pages.ts: its title, the width of its column and its lead. */
  page: SkeletonPageId;
  /** The space between the column's blocks. */
  gap: 'gap-4' | 'gap-5' | 'gap-6' | 'gap-8';
  /**
   * Between the title and pages.ts's lead, in the title's block: lines that are not the same for
   * everybody (a greeting) or that the first HTML does not paint.
   */
  intro?: ReactNode;
  /**
   * Beside the title, at the end of its line on a wide screen: the page's buttons or a link.
   * They line up with the title's last line (its lead's, when it has one).
   */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A signed-in page's column: a section named by its h1, the title's block, then `children`. */
export function Page({ page, gap, intro, actions, children }: PageProps) {
  const headingId = useId();
  const { title, width, lead } = pageSkeleton(page);
  const heading = (
    <h1 id={headingId} className={PAGE_TITLE_CLASS}>
      {title}
    </h1>
  );
  // The same boxes as the skeleton's: the h1, then the lead right under it, unstyled but muted.
  const below = Boolean(intro ?? lead);
  const titleBlock = below ? (
    <div>
      {heading}
      {intro}
      {lead ? <p className={PAGE_LEAD_CLASS}>{lead}</p> : null}
    </div>
  ) : (
    heading
  );
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto flex ${width} flex-col ${gap} px-gutter py-section`}
    >
      {actions ? (
        <div
          className={`flex flex-wrap ${below ? 'items-end' : 'items-center'} justify-between gap-3`}
        >
          {titleBlock}
          {actions}
        </div>
      ) : (
        titleBlock
      )}
      {children}
    </section>
  );
}
