/** A multi-line text control that looks like the other fields (see primitives/form-field). */
export const textareaClass = [
  'block w-full min-w-0 resize-y rounded-control border border-border-strong bg-surface px-3 py-2',
  'text-base text-fg transition-colors',
  'hover:not-disabled:border-fg-muted',
  'aria-invalid:border-danger aria-invalid:hover:not-disabled:border-danger',
  'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-fg-muted',
].join(' ');
