// The note page's way back and across: the breadcrumb like the client pages', and their tab list.
import { displayName, type Client, type Role } from '@halsa/api';
import { Link } from 'react-router';
import { paths, to } from '../../../config/paths';
import { clientTabsFor } from '../../../config/pages';
import { cn } from '../../../lib/cn';

export function Breadcrumb({
  client,
  clientId,
  title,
}: {
  client?: Client;
  clientId: number;
  title?: string;
}) {
  return (
    <nav aria-label="Brödsmulor">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-fg-muted">
        <li>
          <Link to={paths.clients} className="underline-offset-4 hover:underline">
            Klienter
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={to.client(clientId)} className="underline-offset-4 hover:underline">
            {client
              ? `${displayName(client)} ${client.socialSecurityNumber ?? ''}`.trim()
              : 'Klient'}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={to.client(clientId, 'journal')} className="underline-offset-4 hover:underline">
            Journal
          </Link>
        </li>
        {title ? (
          <>
            <li aria-hidden="true">/</li>
            <li>
              <span aria-current="page">{title}</span>
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

/**
 * The client pages' tab list (spec §2.6: journal/{formId} is a page under the Journal tab),
 * built for ADMIN only like there; the Journal tab is the current one.
 */
export function ClientTabs({ clientId, role }: { clientId: number; role: Role | undefined }) {
  const tabs = clientTabsFor(role);
  if (tabs.length === 0) return null;
  return (
    <nav aria-label="Klientflikar" className="flex gap-1 overflow-x-auto border-b border-border">
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={to.client(clientId, t.id)}
          aria-current={t.id === 'journal' ? 'page' : undefined}
          className={cn(
            'inline-flex min-h-target items-center border-b-2 px-3 text-sm font-medium',
            t.id === 'journal'
              ? 'border-primary text-primary'
              : 'border-transparent text-fg-muted hover:text-fg',
          )}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
