// The stylesheet a prerendered signed-out page inlines (scripts/prerender.mjs, issue 39): the
// portal's one Tailwind stylesheet without the rules no signed-out page can use. A phone parsed
// the whole 47 kB in the page's first task and matched every rule in its first style pass; the
// signed-out app uses a fraction of it.
//
// Which rules stay: every rule whose selectors name no class at all (the preflight, element and
// attribute rules), every at-rule that is not a grouping rule (@font-face, @property,
// @keyframes), and every rule with a selector whose classes all appear as words in `texts` (the
// signed-out app's code and HTML: the same premise Tailwind's own scan rests on, a class is
// written whole in the source). Grouping rules (@layer, @media, @supports, @container) are
// filtered inside and dropped when empty. A rule with a nested block is kept as it is.

/** Every word of `texts` that could be a class: split at white space and quotes. */
export function wordsOf(texts) {
  const words = new Set();
  for (const text of texts) for (const word of text.split(/[\s"'`]+/)) if (word) words.add(word);
  return words;
}

/** The class names a selector needs, unescaped (`.max-sm\:flex` → `max-sm:flex`). */
function classesOf(selector) {
  const plain = selector
    // What a :not(…) names need not be on the page for the rule to match.
    .replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '')
    // Attribute values ([href$=".pdf"]) are not classes; an escaped bracket is part of a class.
    .replace(/(?<!\\)\[(?:\\.|[^\]\\])*\]/g, '');
  return [...plain.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map(([, name]) =>
    name
      .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/\\(.)/g, '$1'),
  );
}

/** The selectors of a list at its top-level commas. */
function splitSelectors(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The index after the block that opens at `open` (a `{`), past strings and escapes. */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      i++;
      while (i < css.length && css[i] !== c) i += css[i] === '\\' ? 2 : 1;
    } else if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('css-subset: a block is not closed');
}

/** The end of a prelude: the index of its `{` or `;` (past strings, escapes and comments). */
function preludeEnd(css, from) {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      i++;
      while (i < css.length && css[i] !== c) i += css[i] === '\\' ? 2 : 1;
    } else if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1;
    else if (c === '{' || c === ';' || c === '}') return i;
  }
  return css.length;
}

const GROUPING = /^@(layer|media|supports|container)\b/;

/** `css` without the rules whose every selector names a class that is not in `used`. */
export function cssSubset(css, used) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const end = preludeEnd(css, i);
    if (end >= css.length || css[end] === '}') {
      out += css.slice(i, end);
      break;
    }
    const prelude = css.slice(i, end);
    const head = prelude.trim();
    if (css[end] === ';') {
      out += css.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const body = css.slice(end + 1, close - 1);
    // Without the comments before it (the licence line).
    const bare = head.replace(/^(\/\*[\s\S]*?\*\/\s*)+/, '');
    if (GROUPING.test(bare)) {
      const inner = cssSubset(body, used);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (bare.startsWith('@') || body.includes('{')) {
      out += css.slice(i, close);
    } else {
      const kept = splitSelectors(prelude).filter((selector) =>
        classesOf(selector).every((name) => used.has(name)),
      );
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
    i = close;
  }
  return out;
}
