import { Alert, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { MAX_REPORTED_PROBLEMS, type ImportReport } from '#contract/csv-import';
import { formatNumber } from '../../lib/format';

export interface ImportReportViewProps {
  report: ImportReport;
  /** The server's sentence, e.g. "Nothing imported: 3 of 120 rows were refused (all or nothing)". */
  message: string;
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder px="md" py="xs" miw={110}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={700} size="lg" component="dd" m={0}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

function tone(report: ImportReport): string {
  if (report.refused_rows === 0) return 'green';
  if (report.dry_run || report.imported > 0) return 'yellow';
  return 'red';
}

/** What a CSV import or check found: totals, the server's message and every refused row. */
export function ImportReportView({ report, message }: ImportReportViewProps) {
  return (
    <Stack gap="sm" aria-label="Import report" role="region">
      <Alert color={tone(report)} title={report.dry_run ? 'Check result' : 'Import result'}>
        <Text size="sm">{message}</Text>
      </Alert>
      <Group gap="sm" component="dl" m={0}>
        <Figure label="Rows read" value={report.total_rows} />
        <Figure label="Valid" value={report.valid_rows} />
        <Figure label="Imported" value={report.imported} />
        <Figure label="Refused" value={report.refused_rows} />
      </Group>
      {report.ignored_columns.length > 0 && (
        <Text size="sm">
          Ignored columns (not known to this import): {report.ignored_columns.join(', ')}
        </Text>
      )}
      {report.refused.length > 0 && (
        <ScrollArea.Autosize mah={280} type="auto">
          <Table striped withTableBorder captionSide="top">
            <Table.Caption>Refused rows (row 1 is the header)</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Row</Table.Th>
                <Table.Th scope="col">Column</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.refused.map((problem, index) => (
                <Table.Tr key={`${problem.row}-${problem.field ?? ''}-${index}`}>
                  <Table.Td>{problem.row}</Table.Td>
                  <Table.Td>{problem.field ?? '—'}</Table.Td>
                  <Table.Td>{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {report.refused_truncated && (
        <Text size="sm" c="dimmed">
          Only the first {formatNumber(Math.min(report.refused.length, MAX_REPORTED_PROBLEMS))}{' '}
          problems are listed; {formatNumber(report.refused_rows)} rows were refused in all.
        </Text>
      )}
    </Stack>
  );
}
