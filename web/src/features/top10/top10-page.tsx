import { Paper, Stack, Text } from '@mantine/core';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useRankings } from './api/get-rankings';
import { PODIUM_MINIMUM, Podium } from './components/podium';
import { RankingsGrid } from './components/rankings-grid';

export const TOP10_TEXTS = {
  title: 'Top 10 Performers',
  loading: 'Loading rankings...',
  empty: 'No rankings available',
} as const;

/**
 * /top10 (every role): the podium when at least 3 are ranked, and the Complete Rankings grid.
 * Rankings carry no email or salary, so every role may see them.
 */
export default function Top10Page() {
  const rankings = useRankings();
  const entries = rankings.isError ? [] : (rankings.data ?? []);

  return (
    <Stack>
      <PageHeader
        title={TOP10_TEXTS.title}
        description="Ranked by average score, then by the number of metrics recorded."
      />
      <ErrorBanner message={rankings.isError ? errorMessage(rankings.error) : null} />
      {rankings.isPending ? (
        <LoadingState text={TOP10_TEXTS.loading} />
      ) : entries.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            {TOP10_TEXTS.empty}
          </Text>
        </Paper>
      ) : (
        <>
          {entries.length >= PODIUM_MINIMUM && <Podium rankings={entries} />}
          <RankingsGrid rankings={entries} />
        </>
      )}
    </Stack>
  );
}
