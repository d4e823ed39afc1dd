import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  STATUS_LABELS,
  type EmployeeSortField,
  type EmployeeStatus,
} from '#contract/employee-options';
import type { Employee } from '#contract/employees';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { SortableHeader, type SortState } from '../../../components/sortable-header';
import { formatDate, fullName } from '../../../lib/format';

// Filled in dark shades: white small text keeps WCAG AA contrast, on striped rows too.
const STATUS_COLORS: Record<EmployeeStatus, string> = {
  active: 'teal.9',
  'on-leave': 'grape.9',
  inactive: 'gray.7',
};

export function StatusBadge({ status }: { status: string }) {
  const known = status in STATUS_LABELS ? (status as EmployeeStatus) : null;
  return (
    <Badge color={known ? STATUS_COLORS[known] : 'gray.7'} variant="filled">
      {known ? STATUS_LABELS[known] : status}
    </Badge>
  );
}

export interface StaffTableProps {
  employees: Employee[];
  sort: SortState<EmployeeSortField>;
  onSort: (next: SortState<EmployeeSortField>) => void;
  onEdit: (employee: Employee) => void;
  onDelete: (employee: Employee) => void;
}

/** SPEC.md's staff table: avatar and name, position, department, email, phone, join date, status. */
export function StaffTable({ employees, sort, onSort, onEdit, onDelete }: StaffTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="last_name" label="Staff Member" state={sort} onSort={onSort} />
            <SortableHeader field="position" label="Position" state={sort} onSort={onSort} />
            <SortableHeader field="department" label="Department" state={sort} onSort={onSort} />
            <SortableHeader field="email" label="Email" state={sort} onSort={onSort} />
            <Table.Th>Phone</Table.Th>
            <SortableHeader field="join_date" label="Join Date" state={sort} onSort={onSort} />
            <SortableHeader field="status" label="Status" state={sort} onSort={onSort} />
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee) => {
            const name = fullName(employee.first_name, employee.last_name);
            return (
              <Table.Tr key={employee.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <InitialsAvatar
                      firstName={employee.first_name}
                      lastName={employee.last_name}
                      size="md"
                    />
                    <div>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      {employee.employee_code && (
                        <Text size="xs" c="dimmed">
                          {employee.employee_code}
                        </Text>
                      )}
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>{employee.position}</Table.Td>
                <Table.Td>{employee.department}</Table.Td>
                <Table.Td>{employee.email}</Table.Td>
                <Table.Td>{employee.phone || 'N/A'}</Table.Td>
                <Table.Td>{formatDate(employee.join_date)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={employee.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onEdit(employee)}
                        aria-label={`Edit ${name}`}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(employee)}
                        aria-label={`Delete ${name}`}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
