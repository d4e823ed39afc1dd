import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fullName, initials } from '../../lib/format';
import { useSession } from '../../lib/session';

/** Initials and full name at the bottom of the sidebar; opens name, role, email and Sign Out. */
export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!user) return null;
  const name = fullName(user.firstname, user.lastname);

  const handleSignOut = () => {
    signOut();
    // Nothing of this user's data may linger for the next person at this browser.
    queryClient.clear();
    void navigate('/signin', { replace: true });
  };

  return (
    <Menu position="top-start" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu for ${name}`}
          p="xs"
          style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar color="blue" radius="xl" aria-hidden>
              {initials(user.firstname, user.lastname)}
            </Avatar>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div style={{ padding: '8px 12px' }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed" tt="capitalize">
            {user.user_type}
          </Text>
          <Text size="xs" c="dimmed">
            {user.email}
          </Text>
        </div>
        <Menu.Divider />
        {/* The theme's error red on the usual hover: Mantine's red item fails contrast (theme.ts). */}
        <Menu.Item
          c="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={handleSignOut}
        >
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
