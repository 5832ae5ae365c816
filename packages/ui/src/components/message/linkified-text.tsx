import { Fragment } from 'react';
import { cn } from '../../lib/cn';
import { linkify } from './linkify';

export const NEW_TAB_TEXT = '(öppnas i ny flik)';

export interface LinkifiedTextProps {
  text: string;
  className?: string;
}

/**
 * Message text as React text nodes, with only http(s) URLs as anchors that open in a new tab
 * (`rel="noopener noreferrer"`). No HTML or markdown is ever interpreted.
 */
export function LinkifiedText({ text, className }: LinkifiedTextProps) {
  // The segments of one text never reorder, so their index is a stable key.
  return (
    <span className={cn('whitespace-pre-wrap [overflow-wrap:anywhere]', className)}>
      {linkify(text).map((segment, index) =>
        segment.type === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            {segment.text}
            <span className="sr-only"> {NEW_TAB_TEXT}</span>
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </span>
  );
}
