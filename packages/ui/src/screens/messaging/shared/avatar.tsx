import { cx } from '../../../lib/cx';

export interface AvatarProps {
  fullName: string;
  imageUrl?: string | null;
  className?: string;
}

/** 'Anna Lindqvist' → 'AL'. */
export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/u).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase('sv-SE') || '?';
}

/** A person's picture or initials; decorative, the name is always written beside it. */
export function Avatar({ fullName, imageUrl, className }: AvatarProps) {
  const base = cx('size-10 shrink-0 rounded-full', className);
  if (imageUrl) return <img src={imageUrl} alt="" className={cx(base, 'object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cx(
        base,
        'grid place-items-center bg-primary-soft text-sm font-semibold text-primary-soft-fg',
      )}
    >
      {initialsOf(fullName)}
    </span>
  );
}
