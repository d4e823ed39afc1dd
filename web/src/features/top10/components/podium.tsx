import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RankingEntry } from '#contract/insights';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { Medal, isMedalRank } from '../../../components/medal';
import { formatPercent, fullName, ordinal } from '../../../lib/format';

/** SPEC.md section 9: the podium appears when at least 3 rankings exist. */
export const PODIUM_MINIMUM = 3;

const STEPS: Record<number, { color: string; height: number }> = {
  1: { color: 'yellow.2', height: 96 },
  2: { color: 'gray.2', height: 64 },
  3: { color: 'orange.2', height: 44 },
};
/** Seen left to right as second, first, third; read (and tabbed) in rank order. */
const VISUAL_ORDER: Record<number, number> = { 1: 2, 2: 1, 3: 3 };

/** The "Top Performers" podium: the first three, second, first and third from left to right. */
export function Podium({ rankings }: { rankings: RankingEntry[] }) {
  const top = rankings.slice(0, PODIUM_MINIMUM);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="top-performers-title">
      <Title order={2} size="h4" id="top-performers-title" mb="md">
        Top Performers
      </Title>
      <SimpleGrid
        cols={3}
        spacing="xs"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0, alignItems: 'end' }}
      >
        {top.map((entry) => {
          const step = STEPS[entry.rank] ?? STEPS[3]!;
          const name = fullName(entry.first_name, entry.last_name);
          return (
            <Stack
              key={entry.id}
              component="li"
              gap={6}
              align="center"
              aria-label={`${ordinal(entry.rank)} place: ${name}`}
              data-rank={entry.rank}
              style={{ order: VISUAL_ORDER[entry.rank] ?? entry.rank, minWidth: 0 }}
            >
              {isMedalRank(entry.rank) && <Medal rank={entry.rank} />}
              <InitialsAvatar
                firstName={entry.first_name}
                lastName={entry.last_name}
                size={entry.rank === 1 ? 64 : 52}
              />
              <Text fw={700} ta="center" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
                {entry.position} · {entry.department}
              </Text>
              <Text fw={700}>{formatPercent(entry.average_score)}</Text>
              <Box
                w="100%"
                h={step.height}
                bg={step.color}
                style={{
                  borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <Text fw={800} fz="xl" c="dark.8" aria-hidden>
                  {ordinal(entry.rank)}
                </Text>
              </Box>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
