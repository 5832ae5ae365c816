import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { InboxIcon } from '../../lib/icons';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A decorative icon; an inbox by default, `null` for none. */
  icon?: ReactNode;
  /** A next step, e.g. a Button. */
  action?: ReactNode;
  /** Heading level of the title so it fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What a list or page shows when there is nothing in it yet. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  const shownIcon = icon === undefined ? <InboxIcon className="size-6" /> : icon;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-card px-gutter py-section text-center',
        className,
      )}
    >
      {shownIcon ? (
        <span
          aria-hidden="true"
          className="grid size-12 place-items-center rounded-full bg-surface-sunken text-fg-muted"
        >
          {shownIcon}
        </span>
      ) : null}
      <Heading className="text-lg font-semibold text-fg">{title}</Heading>
      {description ? <p className="max-w-prose text-fg-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
