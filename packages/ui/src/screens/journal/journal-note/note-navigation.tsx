// The note page's way back and across: the breadcrumb like the client pages', and their tab list.
import { displayName, type Client, type Role } from '@halsa/api';
import { Link } from 'react-router';
import { paths, to } from '../../../config/paths';
import { clientTabsFor } from '../../../config/pages';
import { cn } from '../../../lib/cn';
import { Breadcrumb, type BreadcrumbStep } from '../../../components/breadcrumb';

/** Klienter / the client / Journal, then the note's title when it has one. */
export function NoteBreadcrumb({
  client,
  clientId,
  title,
}: {
  client?: Client;
  clientId: number;
  title?: string;
}) {
  const steps: BreadcrumbStep[] = [
    { label: 'Klienter', to: paths.clients },
    {
      label: client
        ? `${displayName(client)} ${client.socialSecurityNumber ?? ''}`.trim()
        : 'Klient',
      to: to.client(clientId),
    },
    { label: 'Journal', to: to.client(clientId, 'journal') },
    ...(title ? [{ label: title }] : []),
  ];
  return <Breadcrumb steps={steps} />;
}

/**
 * The client pages' tab list (spec §2.6: journal/{formId} is a page under the Journal tab),
 * built for ADMIN only like there; the Journal tab is the current one.
 */
export function ClientTabs({ clientId, role }: { clientId: number; role: Role | undefined }) {
  const tabs = clientTabsFor(role);
  if (tabs.length === 0) return null;
  return (
    <nav aria-label="Klientflikar" className="flex flex-wrap gap-1 border-b border-border">
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
