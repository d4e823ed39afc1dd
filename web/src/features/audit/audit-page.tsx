import {
  ActionIcon,
  Alert,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { AuditEntry } from '#contract/audit';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import {
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
import { errorMessage } from '../../lib/api-client';
import { useAuditTrails } from './api/get-audit-trails';
import { AuditEntryModal } from './components/audit-entry-modal';
import { AuditTable } from './components/audit-table';

export const AUDIT_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;
const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** What the list shows, in the address (`#/audit?search=deleted&page=3`). */
const LIST_PARAMS = { search: textParam(), page: pageParam() };

/**
 * /audit (admin): the real audit trail of PRODUCT.md section 5, searched and paged on the server,
 * newest first, each entry viewable in full. Entries cannot be edited or removed.
 */
export default function AuditPage() {
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page, search: debouncedSearch } = values;
  const [search, setSearch] = useUrlSearchText(
    debouncedSearch,
    (text) => set({ search: text }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const trails = useAuditTrails({ search: debouncedSearch, page, limit: AUDIT_PAGE_SIZE });

  // Past the end (from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    AUDIT_PAGE_SIZE,
    trails.isPlaceholderData ? undefined : trails.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
  );

  const entries = trails.data?.audit_trails ?? [];
  const total = trails.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;

  return (
    <Stack>
      <PageHeader
        title="Audit Trails"
        description="Every change and sign-in, newest first. Entries cannot be edited or removed."
        actions={
          <>
            <ExportCsvButton
              path="/audit/export.csv"
              query={{ search: debouncedSearch }}
              access="admin"
              fallbackName={`${EXPORT_FILE_NAMES.audit}.csv`}
            />
            <Tooltip label="Refresh">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh"
                onClick={() => void trails.refetch()}
                loading={trails.isFetching && !trails.isPending}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        }
      />

      <SearchInput
        label="Search"
        type="search"
        placeholder="Search by name or description"
        value={search}
        onChange={setSearch}
        maw={480}
      />

      {trails.isError && (
        <Alert color="red" role="alert">
          Error: {errorMessage(trails.error)}
        </Alert>
      )}

      {trails.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading audit trails" />
        </Center>
      ) : entries.length === 0 && !trails.isError ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {debouncedSearch
              ? `No audit trails match "${debouncedSearch}".`
              : 'No audit trails yet.'}
          </Text>
        </Paper>
      ) : (
        entries.length > 0 && (
          // On a phone the rows are cards: a margin inside the box keeps them off its border.
          <Paper
            withBorder
            p={{ base: 'sm', sm: 0 }}
            style={{ opacity: trails.isPlaceholderData ? 0.6 : 1 }}
          >
            <AuditTable entries={entries} onView={setViewing} />
          </Paper>
        )
      )}

      {total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {first}–{Math.min(total, first + entries.length - 1)} of {total}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => set({ page: next })}
              getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            />
          )}
        </Group>
      )}

      <AuditEntryModal entry={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
