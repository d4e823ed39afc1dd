import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { formatNumber } from '../../../lib/format';

export interface StatCardProps {
  title: string;
  icon: Icon;
  color: string;
  /** Undefined while loading, null when it could not be loaded. */
  value: number | null | undefined;
  thisMonth: number | undefined;
  /** An extra line under the figure, e.g. "Values recorded across 4 metric types". */
  note?: string | undefined;
  /** The card has a note once loaded: keep its line while loading, so nothing moves. */
  withNote?: boolean;
}

/**
 * A dashboard card: a title, the figure and SPEC.md's "+N this month" line. While loading, the
 * same lines are drawn as skeletons of their own size, so the page does not shift when the
 * figures arrive (Lighthouse counts layout shift).
 */
export function StatCard({
  title,
  icon: CardIcon,
  color,
  value,
  thisMonth,
  note,
  withNote = Boolean(note),
}: StatCardProps) {
  const loading = value === undefined;
  const unavailable = value === null;
  return (
    <Paper withBorder p="md" role="group" aria-label={title} aria-busy={loading}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          <Skeleton visible={loading} width={loading ? 80 : undefined}>
            <Text fz={30} fw={700} lh={1.3} data-testid={loading ? undefined : 'stat-value'}>
              {loading || unavailable ? '–' : formatNumber(value)}
            </Text>
          </Skeleton>
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
          <CardIcon size={24} />
        </ThemeIcon>
      </Group>
      <Skeleton visible={loading} width={loading ? 110 : undefined} mt={4}>
        {unavailable ? (
          <Text size="sm" c="dimmed">
            Not available
          </Text>
        ) : (
          <Text size="sm">
            <Text span fw={700} inherit>
              +{formatNumber(thisMonth ?? 0)}
            </Text>{' '}
            this month
          </Text>
        )}
      </Skeleton>
      {withNote && !unavailable && (
        <Skeleton visible={loading} width={loading ? 160 : undefined} mt={2}>
          <Text size="xs" c="dimmed">
            {note ?? '–'}
          </Text>
        </Skeleton>
      )}
    </Paper>
  );
}
