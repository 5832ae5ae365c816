import { cn } from '../../../lib/cn';

/** The three steps the indicator shows, for internal steps 3, 4 and 5 (spec §2.2). */
export const PROGRESS_LABELS = ['Personuppgifter', 'Kontaktuppgifter', 'Registrera'] as const;
export const PROGRESS_TITLE = 'Skapa din profil';

export interface WizardProgressProps {
  /** The shown step, 1 to 3. */
  current: 1 | 2 | 3;
}

/** 'Steg 1 av 3' … 'Steg 3 av 3': a progress bar named 'Skapa din profil' with the step's name. */
export function WizardProgress({ current }: WizardProgressProps) {
  const total = PROGRESS_LABELS.length;
  const label = PROGRESS_LABELS[current - 1];
  return (
    <div className="mb-6">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-fg">
          Steg {current} av {total}
        </span>
        <span className="text-fg-muted">{label}</span>
      </p>
      <div
        role="progressbar"
        aria-label={PROGRESS_TITLE}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`Steg ${current} av ${total}: ${label}`}
        className="mt-2 flex gap-1.5"
      >
        {PROGRESS_LABELS.map((name, index) => (
          <span
            key={name}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors',
              index < current ? 'bg-primary' : 'bg-surface-sunken',
            )}
          />
        ))}
      </div>
    </div>
  );
}
