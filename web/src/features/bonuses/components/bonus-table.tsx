import { Text } from '@mantine/core';
import type { Bonus } from '#contract/bonuses';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PersonCell } from '../../../components/person-cell';
import { employeeNameOf } from '../../../components/performance-format';
import { RowActions } from '../../../components/row-actions';
import { formatDate } from '../../../lib/format';

export interface BonusTableProps {
  bonuses: Bonus[];
  onEdit: (bonus: Bonus) => void;
  onDelete: (bonus: Bonus) => void;
}

/** The table of /bonuses: Employee (name and email), Bonus Name, Description, Created At. */
export function BonusTable({ bonuses, onEdit, onDelete }: BonusTableProps) {
  const columns: DataColumn<Bonus>[] = [
    {
      header: 'Employee',
      cell: (bonus) => (
        <PersonCell
          firstName={bonus.first_name}
          lastName={bonus.last_name}
          name={employeeNameOf(bonus)}
          detail={bonus.email}
        />
      ),
    },
    {
      header: 'Bonus Name',
      cell: (bonus) => (
        <Text size="sm" fw={600}>
          {bonus.bonus_name}
        </Text>
      ),
    },
    {
      header: 'Description',
      cell: (bonus) => (
        <Text size="sm" lineClamp={2} maw={360}>
          {bonus.description}
        </Text>
      ),
    },
    { header: 'Created At', cell: (bonus) => formatDate(bonus.created_at) },
    {
      header: 'Actions',
      cell: (bonus) => (
        <RowActions
          what={`${bonus.bonus_name} of ${employeeNameOf(bonus)}`}
          onEdit={() => onEdit(bonus)}
          onDelete={() => onDelete(bonus)}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Bonuses"
      rows={bonuses}
      rowKey={(bonus) => bonus.id}
      columns={columns}
      minWidth={820}
    />
  );
}
