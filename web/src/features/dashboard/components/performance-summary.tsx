import { Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import type { EmployeeDashboard } from '#contract/insights';
import { belowTheFold } from './below-the-fold';

/** SPEC.md's Your Performance Summary: bonus and metric totals, and their this-month counts. */
export function PerformanceSummary({
  data,
  failed = false,
}: {
  data: EmployeeDashboard | undefined;
  failed?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="performance-summary-title"
      style={belowTheFold(230)}
    >
      <Title order={2} size="h4" id="performance-summary-title" mb="sm">
        Your Performance Summary
      </Title>
      {failed ? (
        <Text c="dimmed" size="sm">
          Not available.
        </Text>
      ) : !data ? (
        <Skeleton height={111} />
      ) : (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Td />
              <Table.Th scope="col">Total</Table.Th>
              <Table.Th scope="col">This month</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Bonuses</Table.Th>
              <Table.Td>{data.total_bonuses}</Table.Td>
              <Table.Td>{data.bonuses_this_month}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Performance Metrics</Table.Th>
              <Table.Td>{data.total_metrics}</Table.Td>
              <Table.Td>{data.metrics_this_month}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
