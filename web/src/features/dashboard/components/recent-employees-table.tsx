import { Group, Table, Text } from '@mantine/core';
import type { RecentEmployee } from '#contract/insights';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { formatDate, fullName } from '../../../lib/format';
import { ScrollableTable } from './scrollable-table';

/** SPEC.md's recent employees: Employee (initials avatar plus name), Position, Department, Email, Join Date. */
export function RecentEmployeesTable({ employees }: { employees: RecentEmployee[] }) {
  return (
    <ScrollableTable label="Recent employees" minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Employee</Table.Th>
            <Table.Th scope="col">Position</Table.Th>
            <Table.Th scope="col">Department</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Join Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee) => (
            <Table.Tr key={employee.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <InitialsAvatar
                    firstName={employee.first_name}
                    lastName={employee.last_name}
                    size="md"
                  />
                  <Text size="sm" fw={600}>
                    {fullName(employee.first_name, employee.last_name)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{employee.position}</Table.Td>
              <Table.Td>{employee.department}</Table.Td>
              <Table.Td>{employee.email}</Table.Td>
              <Table.Td>{formatDate(employee.join_date)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
