// Joins class names and lets a later Tailwind class win over an earlier one of the same kind,
// so a `className` passed to a primitive overrides its defaults (`cn('p-control', 'p-gutter')`
// → 'p-gutter'). The rules are tailwind-merge's (modifiers like `hover:`/`sm:` sorted, `!`,
// `/opacity` postfixes, arbitrary values and properties), run over a small table of the utility
// families our screens override. The engine is our own few lines instead of tailwind-merge's:
// its engine and validators were ~4.5 kB gzipped of the /login entry (issue 14, budget);
// cn.test.ts pins the behaviour.
// Families whose prefix is shared by two kinds are split, so 'text-danger' (a colour) and
// 'text-sm' (a size) are kept together while 'rounded-control' and 'rounded-card' conflict.
// A class outside these families is simply kept (joined, never dropped).

export type ClassValue = string | false | null | undefined | 0;

type Check = (value: string) => boolean;
type Definition = string | Check | { [prefix: string]: Definition[] };

const isNumber: Check = (v) => !!v && !Number.isNaN(Number(v));
// tailwind-merge's isArbitraryLength: `[length:…]`, or `[…]` holding a length, calc() and the like.
const isArbitraryLength: Check = (v) => {
  const m = /^\[(?:(\w[\w-]*):)?(.+)\]$/i.exec(v);
  if (!m) return false;
  if (m[1]) return m[1] === 'length';
  return (
    /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/.test(
      m[2]!,
    ) && !/^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/.test(m[2]!)
  );
};

const any = [() => true];
// A value, not the start of a longer family name ('gap-x-2' is gap-x, never gap).
const notAxis = [(value: string) => !/^[xy]$/.test(value)];
const borderWidth = [isNumber, isArbitraryLength];
const isWidth = (v: string) => isNumber(v) || isArbitraryLength(v);
const borderStyles = ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'];
const corners = ['t', 'r', 'b', 'l', 's', 'e', 'tl', 'tr', 'br', 'bl', 'ss', 'se', 'ee', 'es'];
const sizes = ['xs', 'sm', 'base', 'md', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl'];
const notSize = (value: string) => !sizes.includes(value) && value !== 'none';
const weights = ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold'];
const sides = (prefix: string) => [
  prefix,
  `${prefix}x`,
  `${prefix}y`,
  `${prefix}t`,
  `${prefix}r`,
  `${prefix}b`,
  `${prefix}l`,
  `${prefix}s`,
  `${prefix}e`,
];

const groups: Record<string, Definition[]> = {
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'grid',
    'inline-grid',
    'hidden',
    'contents',
  ],
  whitespace: [{ whitespace: any }],
  break: [{ break: any }],
  'pointer-events': [{ 'pointer-events': any }],
  'list-style-type': [{ list: ['disc', 'decimal', 'none'] }],
  'font-family': [{ font: ['sans', 'serif', 'mono'] }],
  'underline-offset': [{ 'underline-offset': any }],
  'grid-cols': [{ 'grid-cols': any }],
  'col-span': [{ col: any }],
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  'flex-direction': [{ flex: ['row', 'col', 'row-reverse', 'col-reverse'] }],
  'flex-wrap': [{ flex: ['wrap', 'nowrap', 'wrap-reverse'] }],
  flex: [{ flex: ['1', 'auto', 'none', 'initial'] }],
  basis: [{ basis: any }],
  shrink: ['shrink', { shrink: any }],
  grow: ['grow', { grow: any }],
  items: [{ items: any }],
  justify: [{ justify: any }],
  self: [{ self: any }],
  gap: [{ gap: notAxis }],
  'gap-x': [{ 'gap-x': any }],
  'gap-y': [{ 'gap-y': any }],
  'space-y': [{ 'space-y': any }],
  'space-x': [{ 'space-x': any }],
  w: [{ w: any }],
  h: [{ h: any }],
  size: [{ size: any }],
  'min-w': [{ 'min-w': any }],
  'min-h': [{ 'min-h': any }],
  'max-w': [{ 'max-w': any }],
  'max-h': [{ 'max-h': any }],
  overflow: [{ overflow: ['auto', 'hidden', 'visible', 'scroll', 'clip'] }],
  'overflow-x': [{ 'overflow-x': any }],
  'overflow-y': [{ 'overflow-y': any }],
  z: [{ z: any }],
  opacity: [{ opacity: any }],
  'font-size': [{ text: sizes }],
  'text-color': [{ text: [notSize] }],
  'font-weight': [{ font: weights }],
  'text-align': [{ text: ['left', 'center', 'right', 'start', 'end', 'justify'] }],
  leading: [{ leading: any }],
  tracking: [{ tracking: any }],
  'bg-color': [{ bg: any }],
  rounded: ['rounded', { rounded: [(v: string) => !/^[trblse]{1,2}(-|$)/.test(v)] }],
  shadow: [
    'shadow',
    {
      shadow: [
        (v: string) => sizes.includes(v) || ['none', 'card', 'overlay', 'inner'].includes(v),
      ],
    },
  ],
  'shadow-color': [
    {
      shadow: [
        (v: string) => !sizes.includes(v) && !['none', 'card', 'overlay', 'inner'].includes(v),
      ],
    },
  ],
  'border-w': ['border', { border: borderWidth }],
  'border-style': [{ border: borderStyles }],
  'border-color': [
    {
      border: [
        (v: string) => !isWidth(v) && !borderStyles.includes(v) && !/^[xytrblse](-|$)/.test(v),
      ],
    },
  ],
  'ring-w': ['ring', { ring: [isNumber] }],
  'ring-color': [{ ring: [(v: string) => !isNumber(v)] }],
  cursor: [{ cursor: any }],
};
for (const prefix of ['p', 'm']) {
  for (const id of sides(prefix)) groups[id] = [{ [id]: any }];
}
for (const side of corners)
  groups[`rounded-${side}`] = [`rounded-${side}`, { [`rounded-${side}`]: any }];
for (const side of ['x', 'y', 't', 'r', 'b', 'l', 's', 'e']) {
  groups[`border-w-${side}`] = [`border-${side}`, { [`border-${side}`]: borderWidth }];
  groups[`border-color-${side}`] = [{ [`border-${side}`]: [(v: string) => !isWidth(v)] }];
}
for (const id of ['inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left']) {
  groups[id] = [{ [id]: notAxis }];
}

const sideConflicts = (p: string) => ({
  [p]: [`${p}x`, `${p}y`, `${p}t`, `${p}r`, `${p}b`, `${p}l`, `${p}s`, `${p}e`],
  [`${p}x`]: [`${p}r`, `${p}l`, `${p}s`, `${p}e`],
  [`${p}y`]: [`${p}t`, `${p}b`],
});

const conflicts: Record<string, string[]> = {
  ...sideConflicts('p'),
  ...sideConflicts('m'),
  gap: ['gap-x', 'gap-y'],
  flex: ['basis', 'grow', 'shrink'],
  rounded: corners.map((side) => `rounded-${side}`),
  'border-color': ['x', 'y', 't', 'r', 'b', 'l', 's', 'e'].map((side) => `border-color-${side}`),
  'border-w': ['x', 'y', 't', 'r', 'b', 'l', 's', 'e'].map((side) => `border-w-${side}`),
  size: ['w', 'h'],
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  'font-size': ['leading'],
};
/** With a `/…` postfix ('text-sm/6' sets the line height too). */
const postfixConflicts: Record<string, string[]> = { 'font-size': ['leading'] };
const orderSensitive = ['before', 'after', 'placeholder', 'file', 'marker', 'selection', '*', '**'];

// The class map: a trie over the '-'-separated parts of a class, with value checks per node.
interface Part {
  next: Map<string, Part>;
  checks: [string, Check][];
  id?: string;
}
const newPart = (): Part => ({ next: new Map(), checks: [] });
const partAt = (from: Part, path: string) =>
  path.split('-').reduce((node, key) => {
    let next = node.next.get(key);
    if (!next) node.next.set(key, (next = newPart()));
    return next;
  }, from);
const add = (definitions: Definition[], node: Part, id: string) => {
  for (const def of definitions) {
    if (typeof def === 'string') (def === '' ? node : partAt(node, def)).id = id;
    else if (typeof def === 'function') node.checks.push([id, def]);
    else for (const [key, value] of Object.entries(def)) add(value, partAt(node, key), id);
  }
};
const classMap = newPart();
for (const [id, definitions] of Object.entries(groups)) add(definitions, classMap, id);

/** The longest known prefix wins; a node's value checks are tried after its children. */
const lookup = (parts: string[], index: number, node: Part): string | undefined => {
  if (index === parts.length) return node.id;
  const next = node.next.get(parts[index]!);
  const found = next && lookup(parts, index + 1, next);
  if (found) return found;
  const rest = parts.slice(index).join('-');
  return node.checks.find(([, check]) => check(rest))?.[0];
};

const groupOf = (base: string): string | undefined => {
  if (base.startsWith('[') && base.endsWith(']')) {
    // An arbitrary property, '[mask-type:alpha]'.
    const colon = base.indexOf(':');
    return colon > 1 ? `arbitrary..${base.slice(1, colon)}` : undefined;
  }
  const parts = base.split('-');
  // A negative value, '-mt-2'.
  return lookup(parts, parts[0] === '' && parts.length > 1 ? 1 : 0, classMap);
};

/** Variants sorted, except around arbitrary and order-sensitive ones, which keep their place. */
const sortVariants = (variants: string[]) => {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant[0] === '[' || orderSensitive.includes(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()].join(':');
};

function merge(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classList.trim().split(/\s+/);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    // Variants end at a top-level ':'; the last top-level '/' starts a postfix.
    const variants: string[] = [];
    let depth = 0;
    let start = 0;
    let slash = -1;
    for (let at = 0; at < name.length; at++) {
      const char = name[at];
      if (depth === 0 && char === ':') {
        variants.push(name.slice(start, at));
        start = at + 1;
      } else if (depth === 0 && char === '/') slash = at;
      else if (char === '[' || char === '(') depth++;
      else if (char === ']' || char === ')') depth--;
    }
    let base = name.slice(start);
    const important = base.endsWith('!') || base.startsWith('!');
    if (base.endsWith('!')) base = base.slice(0, -1);
    else if (important) base = base.slice(1);
    const postfix = slash > start ? slash - start : 0;
    let postfixed = postfix > 0;
    let group = groupOf(postfixed ? base.slice(0, postfix) : base);
    if (!group && postfixed) {
      group = groupOf(base);
      postfixed = false;
    }
    if (group) {
      const modifier = sortVariants(variants) + (important ? '!' : '');
      if (taken.has(modifier + group)) continue;
      taken.add(modifier + group);
      const others = [
        ...(conflicts[group] ?? []),
        ...((postfixed && postfixConflicts[group]) || []),
      ];
      for (const other of others) taken.add(modifier + other);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

const cache = new Map<string, string>();

export function cn(...classes: ClassValue[]): string {
  const list = classes.filter(Boolean).join(' ');
  let merged = cache.get(list);
  if (merged === undefined) {
    if (cache.size > 500) cache.clear();
    cache.set(list, (merged = merge(list)));
  }
  return merged;
}
