import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true right after it (as a transition: React renders it in slices
 * and the browser paints in between). The dashboard draws what a phone shows first, paints it,
 * and only then the sections below, which are appended after everything else so nothing that
 * was painted moves (Lighthouse: a smaller first render paints sooner, in shorter tasks).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => startTransition(() => setPainted(true)), []);
  return painted;
}
