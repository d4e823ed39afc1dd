import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingState } from '../../../components/loading-state';
import { errorMessage } from '../../../lib/api-client';

export interface ViewOnlyPageProps {
  title: string;
  intro: string;
  loadingText: string;
  emptyText: string;
  isPending: boolean;
  error: unknown;
  count: number;
  children: ReactNode;
}

/** The frame of /my-metrics and /my-bonuses: a title with a "View Only" badge, then cards. */
export function ViewOnlyPage({
  title,
  intro,
  loadingText,
  emptyText,
  isPending,
  error,
  count,
  children,
}: ViewOnlyPageProps) {
  return (
    <Stack>
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          <Badge
            color="blue.9"
            variant="filled"
            leftSection={<IconEye size={14} aria-hidden />}
            size="lg"
          >
            View Only
          </Badge>
        </Group>
        <Text c="dimmed">{intro}</Text>
      </div>
      {error ? <ErrorBanner message={errorMessage(error)} /> : null}
      {isPending ? (
        <LoadingState text={loadingText} />
      ) : count === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {emptyText}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}
