import { useId } from 'react';
import { healthTipGroupLabels, type HealthTip } from './tips';
import { useDailyTip, type UseDailyTipOptions } from './use-daily-tip';

export interface DailyTipCardProps {
  tip: HealthTip;
  /** The heading level that fits where the card is placed. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** The card itself: heading 'Dagens hälsotips', the group in Swedish and the tip. */
export function DailyTipCard({ tip, headingLevel = 2, className }: DailyTipCardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={headingId}
      className={[
        'max-w-prose rounded-card border border-border bg-surface p-4 shadow-card sm:p-5',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <Heading id={headingId} className="text-base font-semibold text-fg">
        Dagens hälsotips
      </Heading>
      <p className="mt-2">
        <span className="inline-flex rounded-badge bg-primary-soft px-2.5 py-0.5 text-xs font-medium text-primary-soft-fg">
          <span className="sr-only">Kategori: </span>
          {healthTipGroupLabels[tip.group]}
        </span>
      </p>
      <p className="mt-2 text-base leading-relaxed text-fg-muted">{tip.text}</p>
    </section>
  );
}

export interface DailyTipProps extends Omit<DailyTipCardProps, 'tip'> {
  /** Shows this tip instead of today's one (stories, previews). */
  tip?: HealthTip;
  /** Options for the rotation (storage, clock), used when no `tip` is given. */
  rotation?: UseDailyTipOptions;
}

function RotatingDailyTip({ rotation, ...cardProps }: Omit<DailyTipProps, 'tip'>) {
  const { tip } = useDailyTip(rotation);
  return <DailyTipCard tip={tip} {...cardProps} />;
}

/** Today's health tip, rotating every 24 hours (spec §2.7 Hem tab, §4). */
export function DailyTip({ tip, rotation, ...cardProps }: DailyTipProps) {
  return tip ? (
    <DailyTipCard tip={tip} {...cardProps} />
  ) : (
    <RotatingDailyTip rotation={rotation} {...cardProps} />
  );
}
