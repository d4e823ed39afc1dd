import { Box, Button, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { EmployeePicker } from '../../components/employee-picker';
import { LoadErrorBanner } from '../../components/error-banner';
import { HrOnly } from '../../components/hr-only';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import {
  employeeNameOf,
  formatMetricValue,
  metricNameOf,
  unitOf,
} from '../../components/performance-format';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { useEmployeeFilter } from '../../components/use-employee-filter';
import { idParam, pageParam, useListUrlState } from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
import { formatDate } from '../../lib/format';
import { useDeleteMetricValue } from './api/delete-metric-value';
import { useMetricTypes } from './api/list-metric-types';
import { usePerformanceMetrics } from './api/list-performance-metrics';
import { EditMetricModal } from './components/edit-metric-modal';
import { MetricImportModal } from './components/metric-import-modal';
import { isKnownMetric, PerformanceMetricTable } from './components/performance-metric-table';
import { RecordMetricModal } from './components/record-metric-modal';
import { METRICS_TEXTS } from './metric-value-form';

export const METRICS_PAGE_SIZE = 25;
const ALL_TYPES = 'all';

/** What the list shows, in the address (`#/metrics?employee=12&type=3&page=2`). */
const LIST_PARAMS = { employee: idParam(), type: idParam(), page: pageParam() };

/** /metrics is for HR; an employee is sent to their own view-only list (SPEC.md section 6). */
export default function MetricsRoute() {
  return (
    <HrOnly employeeTo="/my-metrics">
      <MetricsPage />
    </HrOnly>
  );
}

/**
 * /metrics, Performance Metrics (SPEC.md section 2): filtered and paged on the server, so a
 * million values stay quick; add, edit and delete modals.
 */
function MetricsPage() {
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page } = values;
  const typeFilter = values.type === null ? ALL_TYPES : String(values.type);
  const [employee, setEmployee] = useEmployeeFilter(values.employee, (id) => set({ employee: id }));
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<PerformanceMetric | null>(null);
  // A fresh import modal each time; 0 means closed.
  const [importing, setImporting] = useState(0);

  const types = useMetricTypes();
  // What the list shows, apart from paging: the export takes the same filters.
  const shown = {
    user_id: values.employee ?? undefined,
    metric_type_id: values.type ?? undefined,
  };
  const list = usePerformanceMetrics({ page, limit: METRICS_PAGE_SIZE, ...shown });
  const deletion = useDeleteConfirmation<PerformanceMetric>(
    useDeleteMetricValue(),
    () => 'Performance metric deleted',
  );
  // Past the end (after a delete, or from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    METRICS_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
  );

  const metricTypes = types.data ?? [];
  const metrics = list.isError ? [] : (list.data?.performance_metrics ?? []).filter(isKnownMetric);
  const total = list.isError ? 0 : (list.data?.pagination.total ?? 0);
  const failed = [list, types].find((query) => query.isError);
  const firstLoadFailed = (list.isError && !list.data) || (types.isError && !types.data);
  const deleting = deletion.target;

  return (
    <Stack>
      <PageHeader
        title="Performance Metrics"
        description="Values recorded for each employee, newest first."
        actions={
          <>
            <ExportCsvButton
              path="/performance-metrics/export.csv"
              query={shown}
              access="hr"
              fallbackName={`${EXPORT_FILE_NAMES.metricValues}.csv`}
            />
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
              onClick={() => setImporting((n) => n + 1)}
            >
              Import CSV
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setAdding((n) => n + 1)}
            >
              Add Metric
            </Button>
          </>
        }
      />

      <LoadErrorBanner error={failed?.error} firstLoad={firstLoadFailed} />

      <ListPanel
        filters={
          <>
            <Box style={{ flex: '1 1 260px' }} maw={360}>
              <EmployeePicker
                ariaLabel="Filter by user"
                placeholder="All Users"
                clearable
                value={employee}
                onChange={setEmployee}
              />
            </Box>
            <Select
              aria-label="Filter by metric type"
              data={[
                { value: ALL_TYPES, label: 'All Types' },
                ...metricTypes.map((type) => ({ value: String(type.id), label: type.metric_name })),
              ]}
              value={typeFilter}
              onChange={(value) =>
                set({ type: value && value !== ALL_TYPES ? Number(value) : null })
              }
              allowDeselect={false}
              searchable
              w={240}
            />
          </>
        }
        loading={list.isPending && METRICS_TEXTS.loading}
        empty={metrics.length === 0 && METRICS_TEXTS.empty}
        pager={{
          page,
          limit: METRICS_PAGE_SIZE,
          total,
          onPageChange: (next) => set({ page: next }),
          noun: 'values',
        }}
      >
        <PerformanceMetricTable metrics={metrics} onEdit={setEditing} onDelete={deletion.ask} />
      </ListPanel>

      <RecordMetricModal
        key={`add-${adding}`}
        opened={adding > 0}
        metricTypes={metricTypes}
        onClose={() => setAdding(0)}
        onRecorded={() =>
          notifications.show({ color: 'green', message: 'Performance metric recorded' })
        }
      />
      <MetricImportModal
        key={`import-${importing}`}
        opened={importing > 0}
        onClose={() => setImporting(0)}
      />
      {editing && (
        <EditMetricModal
          key={`edit-${editing.id}`}
          metric={editing}
          metricType={metricTypes.find((type) => type.id === editing.metric_type_id)}
          onClose={() => setEditing(null)}
          onSaved={() =>
            notifications.show({ color: 'green', message: 'Performance metric updated' })
          }
        />
      )}
      <ConfirmDeleteModal
        {...deletion.modalProps}
        title="Delete Performance Metric"
        name={
          deleting
            ? `${metricNameOf(deleting)} of ${formatMetricValue(deleting.value, unitOf(deleting))} for ${employeeNameOf(deleting)}`
            : ''
        }
        details={
          deleting && (
            <Text size="sm" c="dimmed">
              Recorded on {formatDate(deleting.created_at)}. The employee&apos;s scores and rankings
              are recalculated without it.
            </Text>
          )
        }
      />
    </Stack>
  );
}
