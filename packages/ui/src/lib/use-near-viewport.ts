// Charts load their library when they come near the screen, so a first view (on a phone the
// charts sit below tables and text) never waits for it. Used by /lab-results and /reports.
import { useEffect, useRef, useState } from 'react';

/** True once the element is within 300 px of the viewport (at once without IntersectionObserver). */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}
