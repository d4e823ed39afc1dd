import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface StatCardProps {
  title: string;
  icon: Icon;
  color: string;
  /** Undefined while loading, null when it could not be loaded. */
  value: number | null | undefined;
  thisMonth: number | undefined;
  /** An extra line under the figure, e.g. "across 4 metric types". */
  note?: string | undefined;
}

const count = new Intl.NumberFormat('en-US');

/** A dashboard card: a title, the figure and SPEC.md's "+N this month" line. */
export function StatCard({ title, icon: CardIcon, color, value, thisMonth, note }: StatCardProps) {
  const loading = value === undefined;
  const unavailable = value === null;
  return (
    <Paper withBorder p="md" role="group" aria-label={title} aria-busy={loading}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          {loading ? (
            <Skeleton height={34} width={80} mt={6} />
          ) : (
            <Text fz={30} fw={700} lh={1.3} data-testid="stat-value">
              {unavailable ? '–' : count.format(value)}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
          <CardIcon size={24} />
        </ThemeIcon>
      </Group>
      {loading ? (
        <Skeleton height={14} width={110} mt={8} />
      ) : unavailable ? (
        <Text size="sm" c="dimmed" mt={4}>
          Not available
        </Text>
      ) : (
        <Text size="sm" mt={4}>
          <Text span fw={700} inherit>
            +{count.format(thisMonth ?? 0)}
          </Text>{' '}
          this month
        </Text>
      )}
      {note && !loading && !unavailable && (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
