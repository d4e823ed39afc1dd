import { useCallback, useState } from 'react';

/**
 * True once the element has entered the viewport (grown by `rootMargin`), and from then on.
 * Charts below the fold load their code only when the reader scrolls to them, so a phone opening
 * the dashboard runs no chart code at all until then. Without IntersectionObserver (old
 * browsers, jsdom) everything counts as near.
 */
export function useNearViewport<T extends Element>(rootMargin = '0px') {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (node: T | null) => {
      if (!node || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [near, rootMargin],
  );
  return [ref, near] as const;
}
