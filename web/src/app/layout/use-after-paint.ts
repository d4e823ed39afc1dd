import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted what this component first rendered (a frame, then a
 * task), then true: for what the frame can do without on its first paint (toasts, pop-ups), so
 * that their downloads and their parsing do not compete with that paint.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: React renders what this reveals in slices, not one long task.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
