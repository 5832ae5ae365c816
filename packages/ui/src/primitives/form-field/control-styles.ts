/** The look of a text-like control (input, select) inside a FormField. */
export const controlClass = [
  'block h-control w-full min-w-0 rounded-control border border-border-strong bg-surface px-3',
  'text-base text-fg transition-colors',
  'hover:not-disabled:border-fg-muted',
  'aria-invalid:border-danger aria-invalid:hover:not-disabled:border-danger',
  'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-fg-muted',
].join(' ');
