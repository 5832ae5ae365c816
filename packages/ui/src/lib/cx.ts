export type ClassValue = string | false | null | undefined | 0;

/** Joins class names, skipping falsy values. Later classes do not override earlier ones. */
export function cx(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
