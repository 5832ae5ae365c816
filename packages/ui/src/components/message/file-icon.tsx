import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Icon } from '../../lib/icons-core';
import { FILE_KIND_LABELS, fileKindOf, type FileKind } from './file-kind';

export interface MessageFileIconProps {
  /** The file's name; its extension picks the icon (pdf, jpg/jpeg, png, other). */
  fileName: string | null | undefined;
  /** Hide it from assistive technology when the name is said next to it anyway. */
  decorative?: boolean;
  /** 'md' (36 px, in messages) or 'sm' (24 px, beside a file name in a field). */
  size?: 'sm' | 'md';
  className?: string;
}

const paths: Record<FileKind, ReactNode> = {
  pdf: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z" />
      <path d="M14 2v6h6" />
      <path d="M8 13h1.5a1.5 1.5 0 0 1 0 3H8v-3Zm0 3v2M13 13v5h1a2 2 0 0 0 2-2v-1a2 2 0 0 0-2-2h-1Z" />
    </>
  ),
  jpg: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </>
  ),
  png: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </>
  ),
  other: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z" />
      <path d="M14 2v6h6M8 13h8M8 17h5" />
    </>
  ),
};

/**
 * The icon of a file message by extension, with a Swedish accessible name
 * ('PDF-fil', 'Bild', 'Fil'). Named MessageFileIcon because `FileIcon` is the generic
 * decorative icon in `lib/icons`.
 */
export function MessageFileIcon({
  fileName,
  decorative = false,
  size = 'md',
  className,
}: MessageFileIconProps) {
  const kind = fileKindOf(fileName);
  const label = FILE_KIND_LABELS[kind];
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      data-kind={kind}
      title={decorative ? undefined : label}
      className={cn(
        'inline-grid shrink-0 place-items-center rounded-control',
        size === 'md' ? 'size-9' : 'size-6',
        kind === 'pdf' && 'bg-danger-soft text-danger-soft-fg',
        (kind === 'jpg' || kind === 'png') && 'bg-accent-soft text-accent',
        kind === 'other' && 'bg-surface text-fg-muted',
        className,
      )}
    >
      <Icon className={size === 'md' ? 'size-5' : 'size-4'}>{paths[kind]}</Icon>
    </span>
  );
}
