// The test broker's page (design §4.18): 'Testlegitimation – ingen riktig BankID'. Plain
// server-rendered Swedish HTML, accessible without script: one button per demo person and a
// field for any personal number.

export interface BrokerPerson {
  name: string;
  /** YYYYMMDD-NNNN */
  pnr: string;
}

const escape = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const BROKER_PAGE_TITLE = 'Testlegitimation – ingen riktig BankID';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f6f4f1;color:#1f2a2a;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.note{background:#fff6d6;border:1px solid #8a6d00;border-radius:.5rem;padding:.75rem 1rem}
ul{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:.5rem}
button{font:inherit;min-height:2.75rem;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #0b5d57;
background:#0b5d57;color:#fff;cursor:pointer;width:100%;text-align:left}
button.secondary{background:#fff;color:#0b5d57}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;min-height:2.75rem;padding:.25rem .75rem;border:1px solid #5b6666;border-radius:.5rem;width:100%;box-sizing:border-box}
.row{display:flex;flex-direction:column;gap:.5rem}
.error{color:#a11a1a;font-weight:600}
`;

export function brokerPage(options: {
  action: string;
  abort: string;
  people: BrokerPerson[];
  error?: string;
  value?: string;
}): string {
  const people = options.people
    .map(
      (p) => `<li><form method="post" action="${escape(options.action)}">
<input type="hidden" name="pnr" value="${escape(p.pnr)}">
<button type="submit">${escape(p.name)} <span>(${escape(p.pnr)})</span></button>
</form></li>`,
    )
    .join('\n');
  const error = options.error
    ? `<p id="pnr-fel" class="error" role="alert">${escape(options.error)}</p>`
    : '';
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${BROKER_PAGE_TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${BROKER_PAGE_TITLE}</h1>
<p class="note">Det här är demoportalens egen testtjänst för e-legitimation. Ingen riktig
BankID används: välj vem du vill logga in som.</p>
<h2 id="personer">Demopersoner</h2>
<ul aria-labelledby="personer">
${people}
</ul>
<h2 id="annat">Annat personnummer</h2>
<form method="post" action="${escape(options.action)}" class="row" aria-labelledby="annat">
<label for="pnr">Personnummer (ÅÅÅÅMMDD-NNNN)</label>
<input id="pnr" name="pnr" inputmode="numeric" autocomplete="off" value="${escape(options.value ?? '')}"${options.error ? ' aria-invalid="true" aria-describedby="pnr-fel"' : ''}>
${error}
<button type="submit" class="secondary">Legitimera</button>
</form>
<h2 id="avbryt">Avbryt</h2>
<form method="post" action="${escape(options.abort)}" aria-labelledby="avbryt">
<button type="submit" class="secondary">Avbryt legitimeringen</button>
</form>
</main>
</body>
</html>`;
}
