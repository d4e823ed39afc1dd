import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { fullName, initials } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useFramePopups } from './use-frame-popups';

/**
 * Initials and full name at the bottom of the sidebar; opens name, role, email and Sign Out.
 * The menu itself (Menu, floating-ui) arrives just after the first paint (use-frame-popups.ts);
 * until then the same button is drawn alone, and a click on it asks for the menu and opens it
 * on arrival.
 */
export function UserMenu() {
  const [popups, requestPopups] = useFramePopups();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [openOnArrival, setOpenOnArrival] = useState(false);
  if (!user) return null;
  const name = fullName(user.firstname, user.lastname);
  const avatar = initials(user.firstname, user.lastname);

  if (!popups) {
    return (
      <AccountButton
        name={name}
        avatar={avatar}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => {
          setOpenOnArrival(true);
          requestPopups();
        }}
      />
    );
  }

  const handleSignOut = () => {
    signOut();
    // Nothing of this user's data may linger for the next person at this browser.
    queryClient.clear();
    void navigate('/signin', { replace: true });
  };

  return (
    <popups.UserMenuPopup
      name={name}
      role={user.user_type}
      email={user.email}
      defaultOpened={openOnArrival}
      onSignOut={handleSignOut}
    >
      <AccountButton name={name} avatar={avatar} />
    </popups.UserMenuPopup>
  );
}

function AccountButton({
  name,
  avatar,
  ...rest
}: { name: string; avatar: string } & ComponentProps<'button'>) {
  return (
    <UnstyledButton
      aria-label={`Account menu for ${name}`}
      p="xs"
      style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
      {...rest}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar color="blue" radius="xl" aria-hidden>
          {avatar}
        </Avatar>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
