import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {}

export function Button(props: ButtonProps) {
  return <button className="rounded bg-primary px-4 py-2 text-primary-foreground" {...props} />;
}
