// /dev/mail as a page a person reads (issue 35): the demo's outbox in Swedish, newest first,
// each mail's recipient, subject, time and text with its links clickable. Everything from a mail
// is escaped; only http(s) addresses become links. The JSON stays at `?format=json` (and for any
// caller that does not ask for HTML), which the tests and scripts read.
import type { StoredMail } from '../../mail/mailer.ts';
import { swedishLongDateTime } from '../../lib/format.ts';

const escapeHtml = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/** The text with its http(s) addresses as links (a trailing full stop or comma stays text). */
export function linkedText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const sentAt = (iso: string) => swedishLongDateTime(new Date(iso));

const STYLE = `
body{margin:0;background:#f4f5f7;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Arial,sans-serif}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
article{background:#fff;border:1px solid #d9dee4;border-radius:8px;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 .75rem;font-size:.9375rem}
dt{color:#52606d}
dd{margin:0;min-width:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0;border-top:1px solid #e4e7eb;padding-top:.75rem}
a{color:#1a56a6}
a:focus-visible{outline:3px solid #1a56a6;outline-offset:2px}
.muted{color:#52606d}
`;

export function mailPage(mails: readonly StoredMail[]): string {
  const list =
    mails.length === 0
      ? '<p>Inga e-postmeddelanden ännu.</p>'
      : mails
          .map(
            (m) => `<article aria-label="${escapeHtml(m.subject)}">
<h2>${escapeHtml(m.subject)}</h2>
<dl>
<dt>Till</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Från</dt><dd>${escapeHtml(m.from)}</dd>
<dt>Skickat</dt><dd><time datetime="${escapeHtml(m.sentAt)}">${escapeHtml(sentAt(m.sentAt))}</time></dd>
</dl>
<pre>${linkedText(m.text)}</pre>
</article>`,
          )
          .join('\n');
  return `<!doctype html>
<html lang="sv">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Utkorg (demoläge) – Hälsoportalen</title>
<style>${STYLE}</style></head>
<body><main>
<h1>Utkorg (demoläge)</h1>
<p class="muted">E-post som Hälsoportalen har skickat i demoläget, senaste först (högst 50). Sidan finns bara i demoläget och bara på den här datorn. <a href="/dev/mail?format=json">Visa som JSON</a></p>
${list}
</main></body></html>`;
}
