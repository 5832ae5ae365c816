import { Fragment } from 'react';
import { cn } from '../../lib/cn';
import { EmailText } from '../../lib/email-text';
import { linkify } from './linkify';

export const NEW_TAB_TEXT = '(öppnas i ny flik)';

/** An e-mail address in running text (what surrounds it stays as it is). */
const EMAIL = /([^\s@]+@[^\s@]+\.[^\s@]+)/;

/** Plain text with each e-mail address breaking after '@' or before '.', not mid-word. */
function TextWithEmails({ text }: { text: string }) {
  // split with a capturing group: odd indexes are the addresses, in order.
  return text
    .split(EMAIL)
    .map((part, i) =>
      i % 2 === 1 ? <EmailText key={i} email={part} /> : <Fragment key={i}>{part}</Fragment>,
    );
}

export interface LinkifiedTextProps {
  text: string;
  className?: string;
}

/**
 * Message text as React text nodes, with only http(s) URLs as anchors that open in a new tab
 * (`rel="noopener noreferrer"`); an e-mail address breaks after '@' or before '.' (issue 35).
 * No HTML or markdown is ever interpreted.
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
          <TextWithEmails key={index} text={segment.text} />
        ),
      )}
    </span>
  );
}
