// Joins class names and lets a later Tailwind class win over an earlier one of the same kind,
// so a `className` passed to a primitive overrides its defaults (`cn('p-control', 'p-gutter')`
// → 'p-gutter'). tailwind-merge's engine (modifiers like `hover:`/`sm:`, `!`, arbitrary values)
// with a small config of the utility families our screens override, instead of its full
// Tailwind config: that config alone was ~9 kB gzipped of the /login entry (issue 14, budget).
// Families whose prefix is shared by two kinds are split, so 'text-danger' (a colour) and
// 'text-sm' (a size) are kept together while 'rounded-control' and 'rounded-card' conflict.
// A class outside these families is simply kept (joined, never dropped).
import { createTailwindMerge, validators } from 'tailwind-merge';

export type ClassValue = string | false | null | undefined | 0;

const any = [validators.isAny];
// A value, not the start of a longer family name ('gap-x-2' is gap-x, never gap).
const notAxis = [(value: string) => !/^[xy]$/.test(value)];
const borderWidth = [validators.isNumber, validators.isArbitraryLength];
const isWidth = (v: string) => validators.isNumber(v) || validators.isArbitraryLength(v);
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

const groups: Record<string, unknown[]> = {
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
  'ring-w': ['ring', { ring: [validators.isNumber] }],
  'ring-color': [{ ring: [(v: string) => !validators.isNumber(v)] }],
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

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: groups as never,
  conflictingClassGroups: {
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
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    'before',
    'after',
    'placeholder',
    'file',
    'marker',
    'selection',
    '*',
    '**',
  ],
}));

export function cn(...classes: ClassValue[]): string {
  return merge(classes.filter(Boolean).join(' '));
}
