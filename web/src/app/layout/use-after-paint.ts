import { startTransition, useEffect, useState } from 'react';

/**
 * Calls back once the page has shown its first content: at once if it already has (a screen
 * opened within the app), else when the browser reports that paint. A frame's paint is
 * committed well before it is on screen (50 ms in our Lighthouse traces), so waiting for a
 * frame alone started the deferred downloads ahead of the first content, competing with it.
 * Without paint timing (old browsers, tests), a frame stands in for it.
 */
function afterFirstContentfulPaint(callback: () => void): () => void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    const frame = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(frame);
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

/**
 * False until the browser has shown the page's first content and painted what this component
 * first rendered (a frame, then a task), then true: for what the frame can do without on its
 * first paint (toasts, pop-ups), so that their downloads and their parsing do not compete with
 * that paint.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = afterFirstContentfulPaint(() => {
      frame = requestAnimationFrame(() => {
        // A transition: React renders what this reveals in slices, not one long task.
        timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
      });
    });
    return () => {
      stopWaiting();
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
