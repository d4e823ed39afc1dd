import type { RecentEmployee } from '#contract/insights';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PersonCell } from '../../../components/person-cell';
import { formatDate, fullName } from '../../../lib/format';
import { EmailText } from '../../../components/email-text';

const COLUMNS: DataColumn<RecentEmployee>[] = [
  {
    header: 'Employee',
    cell: (employee) => (
      <PersonCell
        firstName={employee.first_name}
        lastName={employee.last_name}
        name={fullName(employee.first_name, employee.last_name)}
      />
    ),
  },
  { header: 'Position', cell: (employee) => employee.position },
  { header: 'Department', cell: (employee) => employee.department },
  { header: 'Email', cell: (employee) => <EmailText email={employee.email} /> },
  { header: 'Join Date', cell: (employee) => formatDate(employee.join_date) },
];

/** SPEC.md's recent employees: Employee (initials avatar plus name), Position, Department, Email, Join Date. */
export function RecentEmployeesTable({ employees }: { employees: RecentEmployee[] }) {
  return (
    <DataTable
      label="Recent employees"
      rows={employees}
      rowKey={(employee) => employee.id}
      columns={COLUMNS}
      minWidth={720}
    />
  );
}
