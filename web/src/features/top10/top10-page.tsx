import { Paper, Stack, Text } from '@mantine/core';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useRankings } from './api/get-rankings';
import { PODIUM_MINIMUM, Podium } from './components/podium';
import { RankingsGrid } from './components/rankings-grid';

/** How many the server's ranking shows, and so what the export holds. */
export const TOP10_SIZE = 10;

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
        actions={
          // The file holds what the page shows: the top 10.
          <ExportCsvButton
            path="/employees/rank/export.csv"
            query={{ limit: TOP10_SIZE }}
            access="signed-in"
            fallbackName={`${EXPORT_FILE_NAMES.rankings}.csv`}
          />
        }
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
