import { useEffect } from 'react';

/** The scroll behaviour to use: smooth, unless the user asks for reduced motion. */
export function preferredScrollBehavior(win: Pick<Window, 'matchMedia'> = window): ScrollBehavior {
  const reduce =
    typeof win.matchMedia === 'function' &&
    win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}

/** Scrolls the window to the top once, when the component mounts (spec §2.1 /terms-of-use). */
export function useScrollToTopOnMount(): void {
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: preferredScrollBehavior(window) });
  }, []);
}
