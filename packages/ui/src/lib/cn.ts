// Joins class names and lets a later Tailwind class win over an earlier one of the same kind,
// so a `className` passed to a primitive overrides its defaults (`cn('p-control', 'p-gutter')`
// → 'p-gutter'). tailwind-merge knows Tailwind's own scales; our semantic tokens of
// styles/globals.css (@theme) are taught to it here, so 'rounded-control' and 'rounded-card'
// conflict while 'text-danger' (a colour) and 'text-sm' (a size) do not.
import { extendTailwindMerge } from 'tailwind-merge';

export type ClassValue = string | false | null | undefined | 0;

const merge = extendTailwindMerge({
  extend: {
    theme: {
      spacing: ['target', 'control-sm', 'control', 'control-lg', 'gutter', 'section'],
      radius: ['control', 'card', 'badge'],
      shadow: ['card', 'overlay'],
    },
  },
});

export function cn(...classes: ClassValue[]): string {
  return merge(classes.filter(Boolean).join(' '));
}
