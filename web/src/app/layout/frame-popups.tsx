import { Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactElement } from 'react';

/**
 * The frame's pop-up, the user menu, with Menu and floating-ui: one lazy chunk loaded just after
 * the frame first paints (useFramePopups), so a signed-in screen's first download does not carry
 * them.
 */
export function UserMenuPopup({
  name,
  role,
  email,
  defaultOpened,
  onSignOut,
  children,
}: {
  name: string;
  role: string;
  email: string;
  /** Opened at once when the account button was clicked before this module arrived. */
  defaultOpened: boolean;
  onSignOut: () => void;
  children: ReactElement;
}) {
  return (
    <Menu position="top-start" width={240} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        <div style={{ padding: '8px 12px' }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed" tt="capitalize">
            {role}
          </Text>
          <Text size="xs" c="dimmed">
            {email}
          </Text>
        </div>
        <Menu.Divider />
        {/* The theme's error red on the usual hover: Mantine's red item fails contrast (theme.ts). */}
        <Menu.Item
          c="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={onSignOut}
        >
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
