// The trail back from a client's page ('Klienter / Karin Johansson 19850412-2381 / Journal'):
// each step a link, the last one the current page. The client pages and the journal note page
// both draw it.
import { Fragment } from 'react';
import { Link } from 'react-router';

export interface BreadcrumbStep {
  label: string;
  /** Where the step leads; the step without one is the current page. */
  to?: string;
}

export function Breadcrumb({ steps }: { steps: readonly BreadcrumbStep[] }) {
  return (
    <nav aria-label="Brödsmulor">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-fg-muted">
        {steps.map((step, i) => (
          <Fragment key={`${i}-${step.label}`}>
            {i > 0 ? <li aria-hidden="true">/</li> : null}
            <li>
              {step.to ? (
                <Link to={step.to} className="underline-offset-4 hover:underline">
                  {step.label}
                </Link>
              ) : (
                <span aria-current="page">{step.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
