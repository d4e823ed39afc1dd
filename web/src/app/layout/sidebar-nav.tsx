import { NavLink, Stack, Text } from '@mantine/core';
// A plain Link: the router's NavLink would set aria-current itself, only on the exact page.
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { currentness, navigationFor } from '../navigation';

/**
 * The signed-in sections. `onNavigate` runs when a link is followed, even to the screen already
 * shown, so the phone's overlay menu closes whichever link is tapped.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user) return null;
  return (
    <nav aria-label="Sections">
      <Stack gap="md">
        {navigationFor(user.user_type).map((group) => (
          <div key={group.label}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => (
              <NavLink
                key={item.to}
                component={RouterLink}
                to={item.to}
                label={item.label}
                active={currentness(item, pathname) !== undefined}
                leftSection={<item.icon size={18} aria-hidden />}
                aria-current={currentness(item, pathname)}
                onClick={onNavigate}
              />
            ))}
          </div>
        ))}
      </Stack>
    </nav>
  );
}
