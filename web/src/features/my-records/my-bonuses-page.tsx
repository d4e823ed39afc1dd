import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import { useMyBonuses } from './api/get-my-bonuses';
import { ViewOnlyPage } from './components/view-only-page';

export const MY_BONUSES_TEXTS = {
  title: 'Your Bonuses',
  loading: 'Loading bonuses...',
  empty: 'No bonuses awarded yet.',
} as const;

/** /my-bonuses: the signed-in employee's own bonuses as view-only cards (SPEC.md 2). */
export default function MyBonusesPage() {
  const bonuses = useMyBonuses();
  const items = bonuses.isError ? [] : (bonuses.data ?? []);
  return (
    <ViewOnlyPage
      title={MY_BONUSES_TEXTS.title}
      intro="Bonuses awarded to you, newest first."
      loadingText={MY_BONUSES_TEXTS.loading}
      emptyText={MY_BONUSES_TEXTS.empty}
      isPending={bonuses.isPending}
      error={bonuses.error}
      count={items.length}
    >
      {items.map((bonus) => (
        <Card key={bonus.id} withBorder padding="md" component="li" aria-label={bonus.bonus_name}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Title order={2} size="h4">
              {bonus.bonus_name}
            </Title>
            <Badge color="grape.9" variant="filled">
              Awarded
            </Badge>
          </Group>
          <Text size="sm" mb="xs">
            {bonus.description}
          </Text>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Awarded: {formatDateTime(bonus.created_at)}
            </Text>
            <Text size="xs" c="dimmed">
              Updated: {formatDateTime(bonus.updated_at)}
            </Text>
          </Stack>
        </Card>
      ))}
    </ViewOnlyPage>
  );
}
