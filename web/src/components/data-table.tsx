import { Table } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import classes from './data-table.module.css';
import { ScrollableTable } from './scrollable-table';
import { SortableHeader, type SortState } from './sortable-header';

export interface DataColumn<Row, Field extends string = string> {
  /** The column's heading (and the name of its sort button). */
  header: string;
  /** What a row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** The server's sort field: the heading becomes a button that sorts by it. */
  sortField?: Field;
  /** Keeps the cell on one line (dates and times, phone numbers, badges, actions). */
  nowrap?: boolean;
  /** The card's label on a phone, when it is not `header` (a heading made to sort). */
  label?: string;
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
 * The tables of the list screens: striped rows, column headings on one line (some of them sort
 * buttons), and a box that scrolls sideways when the screen is short of the table's width and can
 * be scrolled from the keyboard. On a phone each row is a card of "label: value" lines, the first
 * column its title and its actions within reach (data-table.module.css).
 *
 * The rows and cells name their roles: a table drawn as blocks keeps them so for screen readers
 * (some browsers drop a table's semantics when its CSS display changes).
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
    <ScrollableTable label={label} minWidth={minWidth} className={classes.scroller}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        // 8 px a side rather than 10: the staff table's eight columns then fit 1366 px whole.
        horizontalSpacing={8}
        aria-label={label}
        role="table"
        className={classes.table}
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
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
                <Table.Th key={column.header} scope="col" role="columnheader">
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role="row">
              {columns.map((column, index) => (
                <Table.Td
                  key={column.header}
                  role="cell"
                  className={column.nowrap ? classes.nowrap : undefined}
                  data-label={column.label ?? column.header}
                  data-title={index === 0 || undefined}
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
