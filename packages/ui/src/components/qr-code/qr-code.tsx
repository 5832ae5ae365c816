// A QR code drawn as one SVG path from the matrix `uqr` computes (no canvas, no innerHTML):
// dark modules on white with the standard four-module quiet zone, so phone cameras read it
// whatever the page's colours. Used for the authenticator app's otpauth address (design §4.17).
import { useMemo } from 'react';
import { encode } from 'uqr';
import { cn } from '../../lib/cn';

export interface QrCodeProps {
  /** The text the code carries, e.g. an `otpauth://totp/…` address. */
  value: string;
  /** The image's accessible name. */
  label: string;
  className?: string;
}

/** Quiet zone around the code, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/** The SVG path of the dark modules, one `h1v1h-1z` square each, offset by the quiet zone. */
export function qrPath(value: string): { path: string; size: number } {
  const { data, size } = encode(value, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }),
  );
  return { path, size: size + QUIET * 2 };
}

export function QrCode({ value, label, className }: QrCodeProps) {
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      // Near-black on white: a scanner needs the contrast, not the brand colour.
      className={cn('size-48 bg-surface text-fg', className)}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}
