import { cn } from '../../../lib/cn';

export const SWEDISH_FLAG_LABEL = 'Svensk flagga';

export interface SwedishFlagProps {
  className?: string;
}

/**
 * The Swedish flag (an image named 'Svensk flagga'), shown beside a valid Swedish phone number
 * (spec §5). The blue and yellow are the flag's own colours, not theme colours.
 */
export function SwedishFlag({ className }: SwedishFlagProps) {
  return (
    <svg
      role="img"
      aria-label={SWEDISH_FLAG_LABEL}
      viewBox="0 0 16 10"
      width="24"
      height="15"
      className={cn('shrink-0 rounded-[2px] ring-1 ring-border', className)}
    >
      <rect width="16" height="10" fill="#006aa7" />
      <rect x="5" width="2" height="10" fill="#fecc02" />
      <rect y="4" width="16" height="2" fill="#fecc02" />
    </svg>
  );
}
