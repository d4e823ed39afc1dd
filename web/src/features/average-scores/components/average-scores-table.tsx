import { Text } from '@mantine/core';
import type { AverageScoreEntry } from '#contract/insights';
import { ScoreBandBadge } from '../../../components/score-band';
import { DataTable, type DataColumn } from '../../../components/data-table';
import type { SortState } from '../../../components/sortable-header';
import { formatPercent, fullName } from '../../../lib/format';

export type AverageScoreSort = SortState<'name' | 'score'>;

/** The score an entry shows: its metrics' average, 0 (shown "0.0%") when it has none. */
export function averageOf(entry: AverageScoreEntry): number {
  return entry.performance_metrics?.average_value ?? entry.average_score ?? 0;
}

export interface AverageScoresTableProps {
  employees: AverageScoreEntry[];
  sort: AverageScoreSort;
  onSort: (next: AverageScoreSort) => void;
}

/**
 * SPEC.md's /average-scores table: Employee (name and email), Position, Department, Average
 * Score (one decimal and a percent sign) and the Performance label of SPEC.md section 4.
 */
export function AverageScoresTable({ employees, sort, onSort }: AverageScoresTableProps) {
  const columns: DataColumn<AverageScoreEntry, AverageScoreSort['sort']>[] = [
    {
      header: 'Employee',
      sortField: 'name',
      cell: (employee) => (
        <>
          <Text size="sm" fw={600}>
            {fullName(employee.first_name, employee.last_name)}
          </Text>
          <Text size="xs" c="dimmed">
            {employee.email}
          </Text>
        </>
      ),
    },
    { header: 'Position', cell: (employee) => employee.position },
    { header: 'Department', cell: (employee) => employee.department },
    {
      header: 'Average Score',
      sortField: 'score',
      cell: (employee) => {
        const count = employee.performance_metrics.total_metrics;
        return (
          <>
            <Text size="sm" fw={600} data-testid="average-score">
              {formatPercent(averageOf(employee))}
            </Text>
            <Text size="xs" c="dimmed">
              {count} {count === 1 ? 'metric' : 'metrics'}
            </Text>
          </>
        );
      },
    },
    { header: 'Performance', cell: (employee) => <ScoreBandBadge score={averageOf(employee)} /> },
  ];
  return (
    <DataTable
      label="Average scores"
      rows={employees}
      rowKey={(employee) => employee.id}
      columns={columns}
      minWidth={760}
      sort={sort}
      onSort={onSort}
    />
  );
}
