import { Paper, Text, Title } from '@mantine/core';
import { useSession } from '../../lib/session';

/** The dashboard hub; its cards, tables, toasts and charts arrive with the insights issue. */
export default function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  const isHr = user.user_type !== 'employee';
  return (
    <>
      <Title order={1} mb="xs">
        {isHr ? 'HR Dashboard' : 'My Dashboard'}
      </Title>
      <Text c="dimmed" mb="lg">
        Welcome back, {user.firstname}.
      </Text>
      <Paper withBorder p="lg">
        <Text>
          Signed in as <strong>{user.email}</strong> ({user.user_type}).
        </Text>
      </Paper>
    </>
  );
}
