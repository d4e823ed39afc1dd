import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export interface SortState<Field extends string> {
  sort: Field;
  order: 'asc' | 'desc';
}

export interface SortableHeaderProps<Field extends string> {
  field: Field;
  label: string;
  state: SortState<Field>;
  onSort: (next: SortState<Field>) => void;
}

/** A column header that sorts the table by its field; a second click reverses the order. */
export function SortableHeader<Field extends string>({
  field,
  label,
  state,
  onSort,
}: SortableHeaderProps<Field>) {
  const active = state.sort === field;
  const Icon = !active
    ? IconArrowsSort
    : state.order === 'asc'
      ? IconSortAscending
      : IconSortDescending;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() =>
          onSort({ sort: field, order: active && state.order === 'asc' ? 'desc' : 'asc' })
        }
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
        aria-label={`Sort by ${label}`}
      >
        {label}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
