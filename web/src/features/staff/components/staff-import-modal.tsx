import { Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_IMPORT_COLUMNS, STAFF_REQUIRED_COLUMNS } from '#contract/csv-import';
import { CsvImportModal } from '../../../components/csv/csv-import-modal';
import { EMPLOYEES_KEY } from '../api/list-employees';

/** Import Staff: the staff export's columns; a file exported here re-imports as it is. */
export function StaffImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <CsvImportModal
      opened={opened}
      onClose={onClose}
      title="Import Staff"
      path="/employees/import"
      columns={
        <>
          Columns (header row first, as Export CSV writes them):{' '}
          <Code>{STAFF_IMPORT_COLUMNS.join(', ')}</Code>.{' '}
          {`Required: ${STAFF_REQUIRED_COLUMNS.join(', ')}.`} Dates are YYYY-MM-DD; a manager is
          named by manager_email or manager_employee_code; skills are separated by &quot;; &quot;.
        </>
      }
      onImported={({ message }) => {
        void queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY });
        notifications.show({ color: 'green', message });
      }}
    />
  );
}
