// Översikt (spec §2.6): personal info (name, personal number, street and city, or N/A), contact
// (phone or N/A, e-mail), account info (created, updated, membership, package, last active with
// 'sedan') and the latest signed note, or 'Ingen signerad anteckning tillgänglig'; first her
// next meeting and her latest message (design §4.7).
import { type Client, personName, useLatestSignedNote } from '@halsa/api';
import type { ReactNode } from 'react';
import { formatDate, formatRelative } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Spinner } from '../../../primitives/spinner/spinner';
import { CareTeamEditor } from '../care-team-editor/care-team-editor';
import { NOT_AVAILABLE, registrationStatusLabels } from '../labels';
import { ClientAccountActions } from './account-actions';
import { LatestMessageCard, NextMeetingCard } from './next-and-latest';
import { EmailText } from '../../../lib/email-text';

export const NO_SIGNED_NOTE = 'Ingen signerad anteckning tillgänglig';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-border bg-surface p-4 shadow-card">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-fg-muted">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface ClientOverviewTabProps {
  client: Client;
  now?: Date;
}

export function ClientOverviewTab({ client, now }: ClientOverviewTabProps) {
  const note = useLatestSignedNote(client.id);
  const address = [client.street, client.city].filter(Boolean).join(', ');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <NextMeetingCard client={client} now={now} />
      <LatestMessageCard client={client} now={now} />
      <Card title="Personuppgifter">
        <Facts
          rows={[
            ['Namn', personName(client) || NOT_AVAILABLE],
            ['Personnummer', client.socialSecurityNumber ?? NOT_AVAILABLE],
            ['Adress', address || NOT_AVAILABLE],
          ]}
        />
      </Card>
      <Card title="Kontakt">
        <Facts
          rows={[
            ['Telefon', client.phoneNumber ?? NOT_AVAILABLE],
            ['E-post', <EmailText email={client.email} />],
          ]}
        />
      </Card>
      <Card title="Konto">
        <Facts
          rows={[
            ['Skapad', formatDate(client.createdAt)],
            ['Uppdaterad', formatDate(client.updatedAt)],
            ['Medlemskap', client.membership ?? NOT_AVAILABLE],
            ['Paket', client.package ?? NOT_AVAILABLE],
            ['Status', registrationStatusLabels[client.registrationStatus]],
            ['Senast aktiv', client.lastActive ? formatRelative(client.lastActive, now) : 'Aldrig'],
          ]}
        />
        <ClientAccountActions client={client} />
      </Card>
      <Card title="Senaste signerade anteckning">
        {note.error ? (
          <Alert variant="error">{note.error.message}</Alert>
        ) : note.isLoading ? (
          <Spinner label="Hämtar anteckningen…" />
        ) : note.noteContent ? (
          <p className="text-sm whitespace-pre-line">{note.noteContent}</p>
        ) : (
          <p className="text-sm text-fg-muted">{NO_SIGNED_NOTE}</p>
        )}
      </Card>
      <CareTeamEditor clientId={client.id} />
    </div>
  );
}
