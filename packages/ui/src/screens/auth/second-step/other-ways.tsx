// 'Välj ett annat sätt' (design §4.17): the other ways she can finish signing in, in order of
// strength; the e-mailed code only where the clinic allows it (the server leaves it out).
import { useId, useState } from 'react';
import { Button } from '../../../primitives/button/button';
import { OTHER_WAYS, wayChoices, type SecondStepWay } from './labels';

export interface OtherWaysProps {
  /** The ways she may use, current one included. */
  ways: readonly SecondStepWay[];
  current: SecondStepWay;
  onChoose: (way: SecondStepWay) => void;
}

export function OtherWays({ ways, current, onChoose }: OtherWaysProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const others = ways.filter((way) => way !== current);
  if (others.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col items-start gap-3 border-t border-border pt-5">
      <Button
        type="button"
        variant="link"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {OTHER_WAYS}
      </Button>
      <ul id={listId} hidden={!open} className="flex w-full flex-col gap-2">
        {others.map((way) => (
          <li key={way}>
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              onClick={() => {
                setOpen(false);
                onChoose(way);
              }}
            >
              {wayChoices[way]}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
