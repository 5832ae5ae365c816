// The widget's panel content, its tabs 'Hem' and 'Meddelande' (spec §2.7), in a chunk of its own:
// Radix Tabs (with its collection and roving focus) and the year of health tips were a third of
// the signed-in app's code, evaluated before a page's first render although the panel is drawn
// only when it first opens (issue 39). widget.tsx loads it when the page is usable, or at the
// first opening, whichever comes first.
import type { ReactNode } from 'react';
import type { SessionUser } from '@halsa/api/contract';
import { formatNumber } from '../../lib/format';
import { Button } from '../../primitives/button/button';
import { Spinner } from '../../primitives/spinner/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../primitives/tabs/tabs';
import { DailyTip } from '../daily-tip/daily-tip';
import type { HealthTip } from '../daily-tip/tips';
import type { WidgetTab, WidgetUserStats } from './widget';

function NewUserCounts({ stats, isLoading, error }: WidgetUserStats) {
  let body: ReactNode;
  if (stats) {
    body = (
      <p>
        Nya användare: Vecka <strong>{formatNumber(stats.weekly)}</strong>, Månad{' '}
        <strong>{formatNumber(stats.monthly)}</strong>, År{' '}
        <strong>{formatNumber(stats.yearly)}</strong>
      </p>
    );
  } else if (error) {
    body = <p className="text-fg-muted">{error.message}</p>;
  } else if (isLoading) {
    body = <Spinner label="Hämtar antal nya användare…" showLabel size="sm" />;
  } else {
    return null;
  }
  return (
    <div data-testid="new-user-counts" className="rounded-card bg-surface-muted px-4 py-3">
      {body}
    </div>
  );
}

export interface WidgetTabsProps {
  user: SessionUser;
  userStats?: WidgetUserStats;
  tab: WidgetTab;
  onTabChange: (tab: WidgetTab) => void;
  /** The Meddelande tab's content, or its loading spinner. */
  messages: ReactNode;
  dailyTip?: HealthTip;
}

/** The tabs of the widget's open panel, 'Hem' and 'Meddelande' (see Widget). */
export function WidgetTabs({
  user,
  userStats,
  tab,
  onTabChange,
  messages,
  dailyTip,
}: WidgetTabsProps) {
  const showsTip = user.role === 'USER' || user.role === 'ADMIN';
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => onTabChange(value as WidgetTab)}
      // A shrinking flex column down to the open conversation: on a short screen its
      // message log gives up height first, so the send box stays in view.
      className="flex min-h-0 flex-col"
    >
      <TabsList aria-label="Meddelandewidget" className="shrink-0 px-4">
        <TabsTrigger value="hem" className="short:h-control-sm">
          Hem
        </TabsTrigger>
        <TabsTrigger value="meddelande" className="short:h-control-sm">
          Meddelande
        </TabsTrigger>
      </TabsList>
      <TabsContent
        value="hem"
        className="min-h-0 space-y-4 overflow-y-auto px-4 pb-4 short:pt-2 short:pb-2"
      >
        <div>
          <h3 className="text-xl font-semibold">Välkommen {user.firstName}</h3>
          <p className="text-fg-muted">Hur kan vi hjälpa?</p>
        </div>
        {user.role === 'ADMIN' ? <NewUserCounts {...userStats} /> : null}
        {showsTip ? <DailyTip headingLevel={4} tip={dailyTip} /> : null}
        <Button variant="secondary" size="sm" onClick={() => onTabChange('meddelande')}>
          Till meddelanden
        </Button>
      </TabsContent>
      {/* Kept mounted, so an open conversation survives a visit to Hem. */}
      <TabsContent
        value="meddelande"
        forceMount
        className="flex min-h-0 flex-col overflow-y-auto px-4 pb-4 data-[state=inactive]:hidden short:pt-2 short:pb-2"
      >
        {messages}
      </TabsContent>
    </Tabs>
  );
}
