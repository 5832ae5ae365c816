import {
  cloneElement,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';

/** What the tooltip adds to its trigger; handlers the trigger has are still called. */
interface TriggerProps {
  'aria-describedby'?: string;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

export interface TooltipProps {
  /** The text shown; it is also the trigger's accessible description. */
  content: ReactNode;
  /** One focusable element (a button); it gets `aria-describedby`. */
  children: ReactElement<TriggerProps>;
  /** Above or below the trigger. */
  side?: 'top' | 'bottom';
  /** Which edge of the trigger the tooltip lines up with (`end` near the right of a row). */
  align?: 'start' | 'end';
  className?: string;
}

/**
 * A tooltip that meets WCAG 1.4.13 (Content on Hover or Focus): shown while the trigger is
 * hovered or has keyboard focus, it stays while the pointer is over the tooltip itself
 * (hoverable), until the pointer and focus leave or Escape (persistent), and Escape hides it
 * without moving focus or the pointer (dismissible). `role="tooltip"`, linked to the trigger
 * with `aria-describedby`, so a screen reader hears it too. Plain React, no dependency.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  align = 'start',
  className,
}: TooltipProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

  // Escape also hides a tooltip shown by hover alone, while focus is elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Only the tooltip closes, not a dialog or panel around it.
    event.stopPropagation();
    setDismissed(true);
  };

  return (
    <span
      className={cn('relative inline-flex', className)}
      data-slot="tooltip-trigger"
      onPointerEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onPointerLeave={() => setHovered(false)}
    >
      {cloneElement(children, {
        'aria-describedby': id,
        onFocus: (event: FocusEvent) => {
          children.props.onFocus?.(event);
          setFocused(true);
          setDismissed(false);
        },
        onBlur: (event: FocusEvent) => {
          children.props.onBlur?.(event);
          setFocused(false);
        },
        onKeyDown: (event: KeyboardEvent) => {
          children.props.onKeyDown?.(event);
          onKeyDown(event);
        },
      })}
      {/* Bridges the gap between trigger and tooltip: the pointer never leaves the wrapper. */}
      <span
        aria-hidden="true"
        className={cn('absolute inset-x-0 h-1', side === 'top' ? 'bottom-full' : 'top-full')}
      />
      <span
        role="tooltip"
        id={id}
        data-open={open ? '' : undefined}
        className={cn(
          'invisible absolute z-10 w-max max-w-56 rounded-control bg-fg px-2 py-1 text-xs',
          'text-surface shadow-overlay data-open:visible',
          side === 'top' ? 'bottom-full mb-1' : 'top-full mt-1',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        {content}
      </span>
    </span>
  );
}
