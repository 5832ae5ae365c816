import { ChevronLeftIcon } from '../../../lib/icons';
import { Button } from '../../../primitives/button/button';
import { BACK_LABEL } from './labels';

/** 'Tillbaka' to the conversation list. */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClick} className="-ml-2 shrink-0">
      <ChevronLeftIcon className="size-4" />
      {BACK_LABEL}
    </Button>
  );
}
