import { Button } from '../../../primitives/button/button';
import { BACK_LABEL } from './labels';

function BackIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-4"
    >
      <path d="m15 18-6-6 6-6" />
    </svg>
  );
}

/** 'Tillbaka' to the conversation list. */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClick} className="-ml-2 shrink-0">
      <BackIcon />
      {BACK_LABEL}
    </Button>
  );
}
