import { Table, Text } from '@mantine/core';
import type { AverageScoreEntry } from '#contract/insights';
import { ScoreBandBadge } from '../../../components/score-band';
import { SortableHeader, type SortState } from '../../../components/sortable-header';
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
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="name" label="Employee" state={sort} onSort={onSort} />
            <Table.Th>Position</Table.Th>
            <Table.Th>Department</Table.Th>
            <SortableHeader field="score" label="Average Score" state={sort} onSort={onSort} />
            <Table.Th>Performance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee) => {
            const score = averageOf(employee);
            return (
              <Table.Tr key={employee.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {fullName(employee.first_name, employee.last_name)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {employee.email}
                  </Text>
                </Table.Td>
                <Table.Td>{employee.position}</Table.Td>
                <Table.Td>{employee.department}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} data-testid="average-score">
                    {formatPercent(score)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {employee.performance_metrics.total_metrics}{' '}
                    {employee.performance_metrics.total_metrics === 1 ? 'metric' : 'metrics'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ScoreBandBadge score={score} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
