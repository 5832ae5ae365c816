import { describe, expect, it } from 'vitest';
import { preferredScrollBehavior } from './use-scroll-to-top-on-mount';

const withMotionPreference = (reduce: boolean) => ({
  matchMedia: (query: string) =>
    ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
});

describe('preferredScrollBehavior', () => {
  it('scrolls smoothly by default', () => {
    expect(preferredScrollBehavior(withMotionPreference(false))).toBe('smooth');
  });

  it('jumps without animation when the user prefers reduced motion', () => {
    expect(preferredScrollBehavior(withMotionPreference(true))).toBe('auto');
  });

  it('scrolls smoothly when matchMedia is not available', () => {
    expect(preferredScrollBehavior({} as Pick<Window, 'matchMedia'>)).toBe('smooth');
  });
});
