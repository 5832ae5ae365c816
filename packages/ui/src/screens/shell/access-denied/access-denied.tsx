import { useId } from 'react';
import { Link } from 'react-router';
import { LockIcon } from '../../../lib/icons';
import { buttonVariants } from '../../../primitives/button/button';
import { paths } from '../../../config/paths';

export interface AccessDeniedProps {
  /** Where the button leads; the overview by default (spec §2.4). */
  backTo?: string;
}

/** Shown for a route the signed-in role may not use (spec §2.4). */
export function AccessDenied({ backTo = paths.overview }: AccessDeniedProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex max-w-prose flex-col items-center gap-4 px-gutter py-16 text-center"
    >
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-surface-sunken text-fg-muted"
      >
        <LockIcon className="size-7" />
      </span>
      <h1 id={headingId} className="text-2xl font-semibold text-fg">
        Åtkomst nekad
      </h1>
      <p className="text-fg-muted">Du har inte behörighet att visa denna sida.</p>
      <Link to={backTo} className={buttonVariants({ variant: 'primary' })}>
        Till översikten
      </Link>
    </section>
  );
}
