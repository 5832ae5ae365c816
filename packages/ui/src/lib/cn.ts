// Joins class names and lets a later Tailwind class win over an earlier one of the same kind,
// so a `className` passed to a primitive overrides its defaults (`cn('p-control', 'p-gutter')`
// → 'p-gutter'). The engine is tailwind-merge's own (`createTailwindMerge`); the class table it
// runs over is cn-table.ts, the library's configuration cut down to the groups our screens use
// (the full default configuration costs /login about 5 kB gzipped, issue 37). A class outside
// the table is kept (joined, never dropped). cn-differential.test.ts checks `cn` against the
// full library on every pair of class tokens used in packages/ui/src.
import { createTailwindMerge } from 'tailwind-merge';
import { classTable } from './cn-table';

export type ClassValue = string | false | null | undefined | 0;

const merge = createTailwindMerge(classTable);

export function cn(...classes: ClassValue[]): string {
  return merge(...classes);
}
