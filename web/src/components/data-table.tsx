import { Table } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { ScrollableTable } from './scrollable-table';
import { SortableHeader, type SortState } from './sortable-header';

export interface DataColumn<Row, Field extends string = string> {
  /** The column's heading (and the name of its sort button). */
  header: string;
  /** What a row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** The server's sort field: the heading becomes a button that sorts by it. */
  sortField?: Field;
  /** Keeps the cell on one line (dates and times). */
  nowrap?: boolean;
}

export interface DataTableProps<Row, Field extends string = string> {
  /** What the table lists ("Staff"): names the table and its scrolling box. */
  label: string;
  rows: Row[];
  rowKey: (row: Row) => Key;
  columns: DataColumn<Row, Field>[];
  /** Below this width the table scrolls sideways in its own box; the page never does. */
  minWidth: number;
  sort?: SortState<Field>;
  onSort?: (next: SortState<Field>) => void;
}

/**
 * The tables of the list screens: striped rows, column headings (some of them sort buttons), and
 * a box that scrolls sideways on a narrow screen and can be scrolled from the keyboard.
 */
export function DataTable<Row, Field extends string = string>({
  label,
  rows,
  rowKey,
  columns,
  minWidth,
  sort,
  onSort,
}: DataTableProps<Row, Field>) {
  return (
    <ScrollableTable label={label} minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortField && sort && onSort ? (
                <SortableHeader
                  key={column.header}
                  field={column.sortField}
                  label={column.header}
                  state={sort}
                  onSort={onSort}
                />
              ) : (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
