import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as FramePopups from './frame-popups';
import { useAfterPaint } from './use-after-paint';

export type FramePopupsModule = typeof FramePopups;

let chunk: Promise<FramePopupsModule> | undefined;

/** Starts (or joins) the download of the frame's pop-ups; a failed download may be retried. */
function loadFramePopups(): Promise<FramePopupsModule> {
  chunk ??= import('./frame-popups').catch((error: unknown) => {
    chunk = undefined;
    throw error;
  });
  return chunk;
}

/**
 * The frame's pop-up module (the user menu), or null until it has arrived, and a function asking
 * for it at once (a click on the account button before then). The download starts after the
 * frame's first paint (useAfterPaint), so it never delays that paint; every component using this
 * hook shares it. Wrapping a button in a Menu draws it anew: a button that had the focus gets it
 * back.
 */
export function useFramePopups(): [FramePopupsModule | null, () => void] {
  const [popups, setPopups] = useState<FramePopupsModule | null>(null);
  const live = useRef(true);
  const focusedLabel = useRef<string | null>(null);

  const request = useCallback(() => {
    loadFramePopups().then(
      (module) => {
        if (!live.current) return;
        const active = document.activeElement;
        focusedLabel.current =
          active instanceof HTMLElement ? active.getAttribute('aria-label') : null;
        startTransition(() => setPopups(() => module));
      },
      () => undefined, // Asked again when the account button is clicked.
    );
  }, []);

  const painted = useAfterPaint();
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => {
    if (painted) request();
  }, [painted, request]);

  useLayoutEffect(() => {
    const label = focusedLabel.current;
    focusedLabel.current = null;
    if (!popups || !label) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)?.focus();
  }, [popups]);

  return [popups, request];
}
