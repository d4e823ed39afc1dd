import { useEffect, useState } from 'react';
import { useBonusStatus } from '../api/get-bonus-status';
import { useTop10Status } from '../api/get-top10-status';

/** The longest the dashboard's figures wait for the toasts' two statuses. */
export const TOASTS_WAIT_MS = 1000;

/**
 * Whether the employee dashboard may draw what lies under its toasts: once both statuses have
 * answered (or failed), or after TOASTS_WAIT_MS. The toasts sit in the page above the cards, so a
 * toast arriving after the cards were drawn would push them down, a layout shift a phone's
 * Lighthouse score counts. Both are asked for as the route is entered, beside the dashboard's
 * own figures, so this is usually true at the first render.
 */
export function useToastsSettled(): boolean {
  const bonuses = useBonusStatus();
  const rank = useTop10Status();
  const settled = !bonuses.isPending && !rank.isPending;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setWaited(true), TOASTS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  return settled || waited;
}
