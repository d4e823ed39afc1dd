import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RankingEntry } from '#contract/insights';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { ScoreBandBadge } from '../../../components/score-band';
import { formatPercent, fullName, ordinal } from '../../../lib/format';

/**
 * SPEC.md's Complete Rankings grid: ordinal position, initials, name, position, department,
 * average score as a percent and the count of metrics.
 */
export function RankingsGrid({ rankings }: { rankings: RankingEntry[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="complete-rankings-title">
      <Title order={2} size="h4" id="complete-rankings-title" mb="md">
        Complete Rankings
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {rankings.map((entry) => {
          const name = fullName(entry.first_name, entry.last_name);
          const metrics = entry.total_metrics;
          return (
            <Paper
              key={entry.id}
              component="li"
              withBorder
              p="sm"
              aria-label={`${ordinal(entry.rank)}: ${name}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Badge
                  variant="filled"
                  color={entry.rank <= 3 ? 'blue.8' : 'gray.7'}
                  size="lg"
                  miw={52}
                  tt="none"
                  data-testid="rank-ordinal"
                >
                  {ordinal(entry.rank)}
                </Badge>
                <InitialsAvatar firstName={entry.first_name} lastName={entry.last_name} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.position}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.department}
                  </Text>
                  <Group gap="xs" mt={4}>
                    <Text fw={700} size="sm">
                      {formatPercent(entry.average_score)}
                    </Text>
                    <ScoreBandBadge score={entry.average_score} size="sm" />
                  </Group>
                  <Text size="xs">
                    {metrics} {metrics === 1 ? 'metric' : 'metrics'}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
