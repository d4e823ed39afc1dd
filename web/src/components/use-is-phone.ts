import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is below Mantine's `sm` breakpoint (48em), the phone layout, read while
 * rendering. Mantine's default reads it in an effect, after the first paint: a phone first drew
 * the wide layout, then moved things (the employee's toasts jumped from the top of the screen to
 * the bottom, a layout shift of 0.15 in Lighthouse's mobile runs), or drew everything twice.
 */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
}
