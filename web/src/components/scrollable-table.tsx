import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen. It holds nothing focusable, so the scroller
 * itself takes keyboard focus (WCAG: scrollable regions must be reachable by keyboard), named
 * after the table so a screen reader says what it is.
 */
export function ScrollableTable({
  label,
  minWidth,
  className,
  children,
}: {
  label: string;
  minWidth: number;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      className={className}
      tabIndex={0}
      role="group"
      aria-label={label}
    >
      {children}
    </Table.ScrollContainer>
  );
}
