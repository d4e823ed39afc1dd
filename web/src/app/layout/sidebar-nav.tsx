import { Badge, NavLink, Stack, Text } from '@mantine/core';
// A plain Link: the router's NavLink would set aria-current itself, only on the exact page.
import { Link as RouterLink, useLocation } from 'react-router';
import { usePendingQuestionCount } from '../../features/responses/api/count-pending-questions';
import { useSession } from '../../lib/session';
import { currentness, navigationFor, type NavItem } from '../navigation';
import { useAfterPaint } from './use-after-paint';

/**
 * The signed-in sections. `onNavigate` runs when a link is followed, even to the screen already
 * shown, so the phone's overlay menu closes whichever link is tapped.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  // An employee's pending questions, asked once the screen has painted: the count can wait,
  // the screen's own calls cannot.
  const painted = useAfterPaint();
  const pending = usePendingQuestionCount(user?.user_type === 'employee' && painted);
  if (!user) return null;
  const countOf = (item: NavItem) =>
    item.count === 'pending-questions' && user.user_type === 'employee' ? pending.data : undefined;
  return (
    <nav aria-label="Sections">
      <Stack gap="md">
        {navigationFor(user.user_type).map((group) => (
          <div key={group.label}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => {
              const count = countOf(item);
              return (
                <NavLink
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  label={item.label}
                  // Said whole, not pieced from the label and a hidden span: browsers put a
                  // space before an absolutely placed one ("Actions , 2 pending").
                  aria-label={count ? `${item.label}, ${count} pending` : undefined}
                  rightSection={
                    count ? (
                      <Badge size="sm" circle={count < 10} aria-hidden>
                        {count > 99 ? '99+' : count}
                      </Badge>
                    ) : undefined
                  }
                  active={currentness(item, pathname) !== undefined}
                  leftSection={<item.icon size={18} aria-hidden />}
                  aria-current={currentness(item, pathname)}
                  onClick={onNavigate}
                />
              );
            })}
          </div>
        ))}
      </Stack>
    </nav>
  );
}
