import { Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { METRIC_VALUE_IMPORT_COLUMNS } from '#contract/csv-import';
import { CsvImportModal } from '../../../components/csv/csv-import-modal';
import { PERFORMANCE_METRICS_KEY } from '../api/list-performance-metrics';

/** Import Performance Metrics: values named by employee email and metric name (or their ids). */
export function MetricImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <CsvImportModal
      opened={opened}
      onClose={onClose}
      title="Import Performance Metrics"
      path="/performance-metrics/import"
      columns={
        <>
          Columns: <Code>{METRIC_VALUE_IMPORT_COLUMNS.join(', ')}</Code>. Each row needs
          employee_email or employee_id, metric_name or metric_type_id, and a value from 1 to 100.
          created_at is optional: a date (YYYY-MM-DD) in the past records history. A file from
          Export CSV imports as it is.
        </>
      }
      onImported={({ message }) => {
        void queryClient.invalidateQueries({ queryKey: PERFORMANCE_METRICS_KEY });
        notifications.show({ color: 'green', message });
      }}
    />
  );
}
