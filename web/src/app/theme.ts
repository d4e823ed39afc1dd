import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Option lists scroll in the listbox itself rather than in Mantine's ScrollArea inside it. The
 * keyboard moves through options from the input (arrow keys, aria-activedescendant), and with the
 * listbox as the scroller assistive technology and axe-core see the combobox pattern; a scrolling
 * box nested inside the listbox is a region no key can reach (axe: scrollable-region-focusable).
 * They open when clicked or typed in, not on focus: a modal whose first field is a picker would
 * otherwise open with a list over its form, and on a phone that list kept widening the page and
 * zooming it out. Plain objects, not `Select.extend(...)`: importing the components here would
 * put them all in the first download of the landing page.
 */
const optionList = {
  defaultProps: { withScrollArea: false, openOnFocus: false },
  styles: { options: { maxHeight: 220, overflowY: 'auto' as const } },
};

export const theme = createTheme({
  primaryColor: 'blue',
  // blue.8 keeps white button text and blue links above WCAG AA's 4.5:1 in the light scheme
  // (blue.7 measures 4.19:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // No sliding and fading for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    Select: optionList,
    MultiSelect: optionList,
    Autocomplete: optionList,
    // Mantine puts an empty role="presentation" element first in every menu to hold focus on
    // opening; a menu may only hold menu items (axe: aria-required-children). Without it the
    // dropdown itself takes focus and the arrow keys move to the items as before.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Every password field's show/hide button is a Tab stop (Mantine leaves it out, tabindex -1):
    // someone without a mouse checks what they typed too. aria-pressed says whether it shows.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    },
  },
});

/**
 * Mantine's "dimmed" greys fall below WCAG AA's 4.5:1 for secondary text: the light one
 * (#868e96) is 3.3:1 on white, the dark one (dark.2, #828282) 4.0:1 on the dark body and 3.6:1
 * on striped rows (dark.6). gray.7 (light) and dark.1 (dark, 7.6:1 and 6.9:1) still read as
 * secondary and pass.
 *
 * The same for error text (field errors, invalid labels, Sign Out): red.6 (#fa5252) is 3.3:1 on
 * white and red.8 (#e03131), the dark default, 3.0:1 on dark.6. red.9 (#c92a2a) gives 5.5:1 on
 * white and 4.9:1 on a hovered menu item (gray.1); red.3 (#ffa8a8) 7.4:1 on dark.6 and 5.5:1 on
 * a hovered menu item (dark.4), where red.4 would fall to 4.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-3)',
  },
});
