// The rendered text of an element split into its lines, by each character's line box: for
// tests of where a narrow box breaks a long word (issue 35: e-mail addresses at 320 px). Read
// by tests only; in lib/ because lib/email-text.test.tsx may import no test helper folder.
export function textLines(el: HTMLElement): string[] {
  const out: { top: number; text: string }[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.textContent!.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      const last = out.at(-1);
      if (last && Math.abs(last.top - top) < 4) last.text += node.textContent![i];
      else out.push({ top, text: node.textContent![i]! });
    }
  }
  return out.map((l) => l.text);
}
