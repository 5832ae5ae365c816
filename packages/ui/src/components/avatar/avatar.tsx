import { useState } from 'react';
import { cn } from '../../lib/cn';

/** 32, 40 (default) or 64 px. A size class in `className` would not win over the default. */
export type AvatarSize = 'sm' | 'md' | 'lg';
const SIZES: Record<AvatarSize, string> = { sm: 'size-8', md: 'size-10', lg: 'size-16' };

export interface AvatarProps {
  fullName: string;
  imageUrl?: string | null;
  size?: AvatarSize;
  className?: string;
}

/**
 * 'Anna Lindqvist' → 'AL', 'åsa östlund' → 'ÅÖ'. Swedish has no casing rules of its own (only
 * Turkish, Azeri, Lithuanian and Greek do), so `toUpperCase` writes what sv-SE's
 * `toLocaleUpperCase` does, without loading ICU's locale data on the first render (issue 39).
 */
export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/u).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/**
 * A person's picture or initials; decorative, the name is always written beside it. A picture
 * that cannot be loaded (removed, offline) falls back to the initials, never an empty circle.
 */
export function Avatar({ fullName, imageUrl, size = 'md', className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const base = cn(SIZES[size], 'shrink-0 rounded-full', className);
  if (imageUrl && imageUrl !== failedUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        onError={() => setFailedUrl(imageUrl)}
        className={cn(base, 'object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        'grid place-items-center bg-primary-soft text-sm font-semibold text-primary-soft-fg',
      )}
    >
      {initialsOf(fullName)}
    </span>
  );
}
