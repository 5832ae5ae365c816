import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGES_LOADING_TEXT } from '@halsa/ui/components/widget/widget.tsx';
import { Spinner } from '@halsa/ui/primitives/spinner/spinner.tsx';

/** The widget's own loading state for its Meddelande tab (components/widget). */
const loading = (
  <div className="flex justify-center py-6">
    <Spinner label={MESSAGES_LOADING_TEXT} showLabel />
  </div>
);

/**
 * Renders `children` (a lazy screen) only once its place has been on screen, then keeps it
 * mounted. The widget keeps its Meddelande tab mounted while the panel is hidden; rendering the
 * tab's lazy screen there would load the messaging code and the contract's zod schemas with
 * every signed-in page, before its content is drawn (issue 14, Lighthouse). Until then, and while
 * the chunk loads, it shows the widget's loading spinner.
 */
export function WhenShown({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (shown || !target) return;
    // A hidden panel (display: none) never intersects; opening it on the tab does.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);
  if (!shown) return <div ref={ref}>{loading}</div>;
  return <Suspense fallback={loading}>{children}</Suspense>;
}
