import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches between the light and dark themes. Until someone uses it the app follows the system
 * setting; the choice is then remembered in this browser (Mantine's local storage manager).
 * A native title rather than a Tooltip keeps the landing and sign-in pages light.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = current === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  const Icon = next === 'dark' ? IconMoon : IconSun;
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      onClick={() => setColorScheme(next)}
      title={label}
      aria-label={label}
    >
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
}
