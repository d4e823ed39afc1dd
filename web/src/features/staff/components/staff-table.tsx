import { Badge } from '@mantine/core';
import {
  STATUS_LABELS,
  type EmployeeSortField,
  type EmployeeStatus,
} from '#contract/employee-options';
import type { Employee } from '#contract/employees';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PersonCell } from '../../../components/person-cell';
import { RowActions } from '../../../components/row-actions';
import type { SortState } from '../../../components/sortable-header';
import { formatDate, fullName } from '../../../lib/format';
import { EmailText } from '../../../components/email-text';

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
  const columns: DataColumn<Employee, EmployeeSortField>[] = [
    {
      header: 'Staff Member',
      sortField: 'last_name',
      cell: (employee) => (
        <PersonCell
          firstName={employee.first_name}
          lastName={employee.last_name}
          name={fullName(employee.first_name, employee.last_name)}
          detail={employee.employee_code}
        />
      ),
    },
    { header: 'Position', sortField: 'position', cell: (employee) => employee.position },
    { header: 'Department', sortField: 'department', cell: (employee) => employee.department },
    {
      header: 'Email',
      sortField: 'email',
      // The address takes what the other seven columns leave of the box (about 47rem with
      // long names, positions and departments), so the row's actions stay in sight on a
      // 1280 px screen; an address longer than that is cut with an ellipsis, whole in its title.
      cell: (employee) => (
        <EmailText email={employee.email} maxWidth="clamp(12rem, 100cqi - 47rem, 20rem)" />
      ),
    },
    { header: 'Phone', nowrap: true, cell: (employee) => employee.phone || 'N/A' },
    {
      header: 'Join Date',
      sortField: 'join_date',
      nowrap: true,
      cell: (employee) => formatDate(employee.join_date),
    },
    {
      header: 'Status',
      sortField: 'status',
      nowrap: true,
      cell: (employee) => <StatusBadge status={employee.status} />,
    },
    {
      header: 'Actions',
      nowrap: true,
      cell: (employee) => (
        <RowActions
          what={fullName(employee.first_name, employee.last_name)}
          onEdit={() => onEdit(employee)}
          onDelete={() => onDelete(employee)}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Staff"
      rows={employees}
      rowKey={(employee) => employee.id}
      columns={columns}
      minWidth={900}
      sort={sort}
      onSort={onSort}
    />
  );
}
