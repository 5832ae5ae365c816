// /activity/review 'Logguppföljning' (ADMIN, design §4.14): the emergency accesses to review
// (or those reviewed), each with who, whom, why, when and what was read, and 'Granskad' with a
// comment; below, the staff days worth a look: reads outside the care team, or more than 50
// clients in a day, each linked to that person's log for that day.
import { MANY_CLIENTS_PER_DAY, useAccessReview, type AccessPattern } from '@halsa/api';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { to } from '../../../config/links';
import { formatDate } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Table, type TableColumn } from '../../../primitives/table/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../primitives/tabs/tabs';
import { CARD_HEADING_ATTR, EmergencyAccessCard } from './emergency-access-card';
import { Page } from '../../../components/page/page';

export const NO_UNREVIEWED = 'Inga nödåtkomster att granska.';
export const NO_REVIEWED = 'Inga granskade nödåtkomster ännu.';
export const NO_PATTERNS = 'Inga mönster att titta på.';

export const patternLabels: Record<AccessPattern['kind'], string> = {
  OUTSIDE_CARE_TEAM: 'Läsningar utanför vårdteamet',
  MANY_CLIENTS: `Fler än ${MANY_CLIENTS_PER_DAY} klienter på en dag`,
};

const patternColumns: TableColumn<AccessPattern>[] = [
  { header: 'Personal', primary: true, cell: (p) => p.staff.name },
  {
    header: 'Dag',
    className: 'whitespace-nowrap',
    cell: (p) => <time dateTime={p.day}>{formatDate(`${p.day}T12:00:00Z`)}</time>,
  },
  { header: 'Mönster', cell: (p) => patternLabels[p.kind] },
  { header: 'Klienter', className: 'tabular-nums', cell: (p) => p.clients },
  {
    header: 'Logg',
    cell: (p) => (
      <Link
        to={to.activityFiltered({ performedBy: p.staff.id, day: p.day })}
        className="inline-flex min-h-target items-center text-primary underline underline-offset-4"
      >
        Visa i loggen
        <span className="sr-only">
          {' '}
          för {p.staff.name} {formatDate(`${p.day}T12:00:00Z`)}
        </span>
      </Link>
    ),
  },
];

function AccessList({ reviewed, now }: { reviewed: boolean; now: Date }) {
  const { review, error, isLoading } = useAccessReview(reviewed);
  // After a review the card leaves this list: focus goes to the card now in its place (or the
  // last one), or to the list's area when none is left, never to the page's body (issue 35).
  const area = useRef<HTMLDivElement>(null);
  const afterReview = useRef<{ id: number; index: number } | null>(null);
  const accesses = review?.emergencyAccesses;
  useEffect(() => {
    const done = afterReview.current;
    if (!done || !accesses || accesses.some((a) => a.id === done.id)) return;
    afterReview.current = null;
    const headings = area.current?.querySelectorAll<HTMLElement>(`[${CARD_HEADING_ATTR}]`);
    const next = headings?.[Math.min(done.index, headings.length - 1)];
    (next ?? area.current)?.focus();
  }, [accesses]);

  let body: ReactNode;
  if (error) {
    body = (
      <Alert variant="error" title="Kunde inte hämta logguppföljningen">
        {error.message}
      </Alert>
    );
  } else if (isLoading && !review) {
    body = <Spinner label="Hämtar nödåtkomster…" />;
  } else if (!review) {
    body = null;
  } else if (review.emergencyAccesses.length === 0) {
    body = <EmptyState headingLevel={3} title={reviewed ? NO_REVIEWED : NO_UNREVIEWED} />;
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label={reviewed ? 'Granskade' : 'Att granska'}>
        {review.emergencyAccesses.map((a, index) => (
          <li key={a.id}>
            <EmergencyAccessCard
              access={a}
              now={now}
              onReviewed={() => {
                afterReview.current = { id: a.id, index };
              }}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div ref={area} tabIndex={-1}>
      {body}
    </div>
  );
}

function Patterns() {
  const headingId = useId();
  // The patterns come with either list; the unreviewed one is the page's first call.
  const { review, error, isLoading } = useAccessReview(false);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Mönster att titta på
      </h2>
      <p className="text-fg-muted">
        Dagar då någon i personalen läste klienter utanför sitt vårdteam, eller fler än{' '}
        {MANY_CLIENTS_PER_DAY} klienter.
      </p>
      {error ? null : isLoading && !review ? (
        <Spinner label="Hämtar mönster…" />
      ) : review && review.patterns.length === 0 ? (
        <EmptyState headingLevel={3} title={NO_PATTERNS} />
      ) : review ? (
        <Table
          caption="Mönster att titta på, per person och dag"
          columns={patternColumns}
          rows={review.patterns}
          rowKey={(p) => `${p.kind}-${p.staff.id}-${p.day}`}
        />
      ) : null}
    </section>
  );
}

export interface AccessReviewScreenProps {
  /** "Now", to say whether an access is still open (stories pin it). */
  now?: Date;
}

export function AccessReviewScreen({ now = new Date() }: AccessReviewScreenProps) {
  const accessesId = useId();
  const [tab, setTab] = useState('unreviewed');
  return (
    <Page
      page="activityReview"
      gap="gap-6"
      intro={
        <p className="mt-1 text-fg-muted">
          Granska varje nödåtkomst: vem som läste vad, och varför.
        </p>
      }
      actions={
        <Link to={paths.activity} className="text-primary underline underline-offset-4">
          Till aktivitetsloggen
        </Link>
      }
    >
      <section aria-labelledby={accessesId} className="flex flex-col gap-3">
        <h2 id={accessesId} className="text-xl font-semibold">
          Nödåtkomster
        </h2>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Nödåtkomster">
            <TabsTrigger value="unreviewed">Att granska</TabsTrigger>
            <TabsTrigger value="reviewed">Granskade</TabsTrigger>
          </TabsList>
          <TabsContent value="unreviewed">
            <AccessList reviewed={false} now={now} />
          </TabsContent>
          <TabsContent value="reviewed">
            <AccessList reviewed now={now} />
          </TabsContent>
        </Tabs>
      </section>
      <Patterns />
    </Page>
  );
}
