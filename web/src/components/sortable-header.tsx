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
      role="columnheader"
      aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() =>
          onSort({ sort: field, order: active && state.order === 'asc' ? 'desc' : 'asc' })
        }
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 2,
          fontWeight: 700,
          // The heading's size (Mantine's button would be 16 px, beside 14 px headings).
          fontSize: 'inherit',
        }}
        aria-label={`Sort by ${label}`}
      >
        {label}
        <Icon size={13} aria-hidden style={{ opacity: active ? 1 : 0.4, flexShrink: 0 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
