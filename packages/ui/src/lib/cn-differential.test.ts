// `cn` (tailwind-merge's engine over our cut-down table, cn-table.ts) against the full library
// (`twMerge`'s default configuration, extended with the design tokens of styles/globals.css as
// tailwind-merge's docs advise for a custom theme), on every ordered pair of class tokens that
// packages/ui/src uses, a token paired with itself included: so a token whose group the table
// lacks fails (the full library merges `tabular-nums tabular-nums`, a missing group keeps both),
// and so does a conflict between two groups that the table lost.
//
// What is scanned (a small tokenizer, no TypeScript parser): every .ts/.tsx file under
// packages/ui/src but the engine (cn.ts, cn-table.ts, cn-validators.ts) and this file, with
// comments removed. A class string is a string literal ('…', "…", or a template literal's fixed
// parts, its `${…}` scanned too)
//   1. inside the arguments of `cn(…)` or `cva(…)`, except the values of `defaultVariants`, the
//      variant names of `compoundVariants` (only their `class`/`className` is classes) and the
//      operands of a comparison (`kind === 'jpg' && '…'`);
//   2. as the value of an attribute, property or variable whose name ends in `class`,
//      `className` or `classes` (any case): `className="…"`, `className={…}`,
//      `inputClassName=…`, `className: '…'` of a table column, `const linkClass = '…'`,
//      `TOP_BAR_CLASS = …`.
// Its words are the tokens; a word touching a `${…}` is a fragment and is left out. Added to them:
// one utility per token of globals.css' `@theme` (`p-control`, `rounded-card`, `bg-danger`…),
// so a token of the theme that the table does not know fails even before a screen uses it.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extendTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

const uiSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = [
  'lib/cn.ts',
  'lib/cn-table.ts',
  'lib/cn-validators.ts',
  'lib/cn-differential.test.ts',
];

const TRIGGER = /\b(?:cn|cva)\(|\b\w*(?:class(?:name)?|classes)\s*(?:=(?![=>])|:(?!:))\s*/gi;
// An object's key: after `{`, `,` or a line break (not `cond ? value :`).
const KEY = /(?:^|[{,]|\n)\s*([A-Za-z_$][\w$]*)\s*:$/;

/**
 * The source without its comments. Strings are copied as they are ('/clients/*' is no comment);
 * a quote right after a letter is JSX text ("Don't"), not a string; a '…' or "…" string ends at
 * the end of its line at the latest.
 */
function stripComments(source: string) {
  let code = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (source.startsWith('//', i)) {
      while (i < source.length && source[i] !== '\n') i++;
      code += '\n';
    } else if (source.startsWith('/*', i)) {
      i = source.indexOf('*/', i + 2);
      if (i === -1) break;
      i++;
      code += ' ';
    } else if (/['"`]/.test(char) && !/\w/.test(source[i - 1] ?? '')) {
      let end = i + 1;
      while (end < source.length && source[end] !== char && (char === '`' || source[end] !== '\n'))
        end += source[end] === '\\' ? 2 : 1;
      code += source.slice(i, end + 1);
      i = end;
    } else code += char;
  }
  return code;
}

interface Frame {
  label?: string; // the key this bracket is the value of: `defaultVariants: {`
  key?: string; // the last `key:` seen inside it
}

/**
 * The class strings of the code from `at` to the bracket that closes it (`until: 'close'`), or
 * to the `,` or `;` that ends a value (`'value'`); `[words of each string, end]`.
 */
function readRegion(source: string, at: number, until: 'close' | 'value'): [string[][], number] {
  const found: string[][] = [];
  const frames: Frame[] = [{}];
  let i = at;
  for (; i < source.length; i++) {
    const char = source[i]!;
    if (char === "'" || char === '"' || char === '`') {
      const [parts, end] = readString(source, i);
      if (keep(source, i, end, frames)) found.push(...parts);
      i = end;
    } else if (char === ':') {
      const key = KEY.exec(source.slice(at, i + 1))?.[1];
      if (key) frames.at(-1)!.key = key;
    } else if (char === '{' || char === '[' || char === '(') {
      frames.push({ label: frames.at(-1)!.key });
    } else if (char === '}' || char === ']' || char === ')') {
      if (frames.length === 1) break;
      frames.pop();
    } else if (char === ',' || char === ';') {
      if (frames.length === 1 && until === 'value') break;
      frames.at(-1)!.key = undefined;
    }
  }
  return [found, i];
}

/**
 * Not a class string: a comparison's operand, a default variant, or an object's value under a
 * key that is no class (`buttonVariants({ size: 'sm' })`, a compound variant's `size: 'sm'`);
 * under cva's `variants` every value is classes (`primary: 'bg-primary …'`).
 */
function keep(source: string, start: number, end: number, frames: Frame[]) {
  if (/[!=]==?\s*$/.test(source.slice(start - 6, start))) return false;
  if (/^\s*[!=]==?/.test(source.slice(end + 1, end + 6))) return false;
  const labels = frames.map((frame) => frame.label);
  if (labels.includes('defaultVariants')) return false;
  const key = frames.at(-1)!.key;
  return !key || /class(name)?$/i.test(key) || labels.includes('variants');
}

/** A string literal's words, each part of a template literal apart; `[words, end]`. */
function readString(source: string, at: number): [string[][], number] {
  const quote = source[at];
  const parts: string[][] = [];
  let text = '';
  let afterExpression = false;
  const words = (beforeExpression: boolean) => {
    const list = text.split(/\s+/);
    if (afterExpression && !/^\s/.test(text)) list.shift();
    if (beforeExpression && !/\s$/.test(text)) list.pop();
    parts.push(list.filter(Boolean));
    text = '';
  };
  let i = at + 1;
  for (; i < source.length && source[i] !== quote; i++) {
    if (source[i] === '\\') text += source[++i];
    else if (quote === '`' && source.startsWith('${', i)) {
      words(true);
      const [inner, end] = readRegion(source, i + 2, 'close');
      parts.push(...inner);
      i = end;
      afterExpression = true;
    } else text += source[i];
  }
  words(false);
  return [parts, i];
}

function scanTokens() {
  const tokens = new Set<string>();
  const files = globSync('**/*.{ts,tsx}', { cwd: uiSrc }).filter((file) => !ENGINE.includes(file));
  for (const file of files) {
    const source = stripComments(readFileSync(path.join(uiSrc, file), 'utf8'));
    for (const match of source.matchAll(TRIGGER)) {
      const start = match.index + match[0].length;
      const call = match[0].endsWith('(');
      // A value that is one literal (`className="…"`) ends with it.
      const [found] = call
        ? readRegion(source, start, 'close')
        : source[start] === '{'
          ? readRegion(source, start + 1, 'close')
          : /['"`]/.test(source[start]!)
            ? readString(source, start)
            : readRegion(source, start, 'value');
      for (const words of found) for (const word of words) tokens.add(word);
    }
  }
  return { tokens, files: files.length };
}

// The theme of globals.css, by tailwind-merge's theme keys: `--radius-card` → radius: ['card'].
const THEME_KEYS = [
  'color',
  'font',
  'text',
  'font-weight',
  'tracking',
  'leading',
  'breakpoint',
  'container',
  'spacing',
  'radius',
  'shadow',
  'blur',
  'aspect',
  'ease',
  'animate',
];
/** One utility that shows each theme key's tokens. */
const UTILITY: Record<string, string> = {
  color: 'bg',
  font: 'font',
  text: 'text',
  'font-weight': 'font',
  tracking: 'tracking',
  leading: 'leading',
  container: 'max-w',
  spacing: 'p',
  radius: 'rounded',
  shadow: 'shadow',
  blur: 'blur',
  aspect: 'aspect',
  ease: 'ease',
  animate: 'animate',
};

function readTheme() {
  const css = readFileSync(path.join(uiSrc, 'styles/globals.css'), 'utf8');
  const block = /@theme[^{]*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const theme: Record<string, string[]> = {};
  const byLength = [...THEME_KEYS].sort((a, b) => b.length - a.length);
  for (const [, name] of block.matchAll(/^\s*--([\w-]+)\s*:/gm)) {
    const key = byLength.find((candidate) => name!.startsWith(`${candidate}-`));
    const token = key && name!.slice(key.length + 1);
    if (key && token && token !== '*' && !token.includes('--')) (theme[key] ??= []).push(token);
  }
  return theme;
}

/**
 * The tokens the library's default theme does not accept yet, which tailwind-merge's docs say
 * to add (`--radius-card`). Colour names are accepted already (any name is a colour to it);
 * adding them would also make `shadow-overlay` (a shadow, --shadow-overlay) a shadow colour
 * because --color-overlay exists, which Tailwind's CSS does not do.
 */
function missingFromDefault(theme: Record<string, string[]>) {
  const defaults: Record<string, readonly unknown[]> = getDefaultConfig().theme;
  const accepted = (key: string, token: string) =>
    (defaults[key] ?? []).some((value) =>
      typeof value === 'string' ? value === token : (value as (v: string) => boolean)(token),
    );
  return Object.fromEntries(
    Object.entries(theme).map(([key, names]) => [key, names.filter((n) => !accepted(key, n))]),
  );
}

const theme = readTheme();
const twMerge = extendTailwindMerge({ extend: { theme: missingFromDefault(theme) } });
const scanned = scanTokens();
const themeTokens = Object.entries(theme).flatMap(([key, names]) =>
  UTILITY[key] ? names.map((name) => `${UTILITY[key]}-${name}`) : [],
);
const tokens = [...new Set([...scanned.tokens, ...themeTokens])].sort();

describe('cn against the full tailwind-merge', () => {
  it('the scan finds the class strings of each kind of place', () => {
    expect(scanned.files).toBeGreaterThan(300);
    expect(tokens.length).toBeGreaterThan(400);
    for (const token of [
      'rounded-control', // cva(…) in primitives/button
      'h-control-sm', // a compoundVariants class of the button
      'bg-accent-soft', // cn(…, kind === 'jpg' && '…') in components/message/file-icon
      'tracking-[0.4em]', // inputClassName="…" in screens/auth/two-factor
      'whitespace-nowrap', // className: '…' of a table column
      'hover:text-accent-hover', // const linkClass = '…'
      'p-section', // from globals.css' @theme (--spacing-section)
    ]) {
      expect(tokens).toContain(token);
    }
    // Variant names, defaults, compared values and JSX text are no tokens.
    for (const word of ['primary', 'md', 'jpg', 'Aktivitet', 'noopener']) {
      expect(tokens).not.toContain(word);
    }
  });

  // blur-* is in no screen, so not in the table (pick another group if it comes in).
  it('the reference is the full library: it merges a group the table leaves out', () => {
    expect(twMerge('blur-sm', 'blur-md')).toBe('blur-md');
    expect(cn('blur-sm', 'blur-md')).toBe('blur-sm blur-md');
  });

  // About 260 000 pairs, 4 s on a quiet machine of two cores: more than Vitest's 5 s default
  // when the machine is busy.
  it(
    `cn(a, b) equals twMerge(a, b) for all ${tokens.length ** 2} ordered pairs of the ${tokens.length} tokens`,
    { timeout: 60_000 },
    () => {
      const differences: string[] = [];
      for (const a of tokens) {
        for (const b of tokens) {
          const expected = twMerge(a, b);
          const actual = cn(a, b);
          if (actual !== expected)
            differences.push(`cn('${a}', '${b}') = '${actual}', not '${expected}'`);
        }
      }
      expect(differences.slice(0, 30), `${differences.length} pairs differ`).toEqual([]);
    },
  );
});
