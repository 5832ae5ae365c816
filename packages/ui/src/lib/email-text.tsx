// An e-mail address that breaks where a reader expects it (issue 35): after '@' and before a
// '.', never mid-word, unless one part alone is wider than the line (then the box's
// overflow-wrap still keeps it on screen).
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
