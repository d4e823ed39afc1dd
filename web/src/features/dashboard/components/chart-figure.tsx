import { Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Component, Suspense, useId, useState, type ReactNode } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { ScrollableTable } from '../../../components/scrollable-table';
import { belowTheFold } from './below-the-fold';
import { useNearViewport } from './use-near-viewport';

/** A chart whose code fails to load leaves its caption and table, not a broken page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        The chart could not be drawn; its figures are below.
      </Text>
    ) : (
      this.props.children
    );
  }
}

export interface ChartTable {
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}

export interface ChartFigureProps {
  title: string;
  /** What the chart shows, in a sentence or two: read by everyone, and by screen readers. */
  summary: string | undefined;
  /** The same numbers as the chart, behind "Show as table". */
  table: ChartTable | undefined;
  /** Height of the chart area, kept while loading so nothing below jumps. */
  height: number;
  loading: boolean;
  error?: string | null | undefined;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: boolean;
  /** The chart (lazy): drawn for the eye only; the summary and table carry its content. */
  children: ReactNode;
}

/**
 * A chart with its text alternative: a figure titled by a heading, the chart hidden from
 * assistive technology (it is not keyboard-reachable either), a caption summarising it and a
 * collapsible table with the same numbers. The chart code loads in its own chunk once the
 * chart is near the viewport, after the page has painted; until then a skeleton keeps its place.
 */
export function ChartFigure({
  title,
  summary,
  table,
  height,
  loading,
  error,
  empty = false,
  children,
}: ChartFigureProps) {
  const titleId = useId();
  const [chartArea, near] = useNearViewport<HTMLDivElement>();
  // The table's rows are drawn when someone opens it, not with the page's first figures.
  const [tableOpen, setTableOpen] = useState(false);
  const placeholder = <Skeleton height={height} radius="sm" />;
  return (
    <Paper
      withBorder
      p="md"
      component="figure"
      m={0}
      aria-labelledby={titleId}
      // The title, caption and "Show as table" take about 160 px beside the chart.
      style={belowTheFold(height + 160)}
    >
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {error ? (
        <ErrorBanner message={error} />
      ) : loading ? (
        <>
          {placeholder}
          {/* Where the caption and "Show as table" will be. */}
          <Skeleton height={20} mt="sm" width="80%" />
          <Skeleton height={20} mt="xs" width={120} />
        </>
      ) : empty ? (
        <Text c="dimmed" ta="center" py="xl">
          {summary}
        </Text>
      ) : (
        <div aria-hidden style={{ height }} ref={chartArea}>
          {near ? (
            <ChartBoundary>
              <Suspense fallback={placeholder}>{children}</Suspense>
            </ChartBoundary>
          ) : (
            placeholder
          )}
        </div>
      )}
      {!error && !loading && !empty && (
        <Text component="figcaption" size="sm" mt="sm">
          {summary}
          {table && (
            <details
              style={{ marginTop: 'var(--mantine-spacing-xs)' }}
              onToggle={(event) => setTableOpen(event.currentTarget.open)}
            >
              <Text
                component="summary"
                size="sm"
                c="var(--mantine-color-anchor)"
                fw={600}
                style={{ cursor: 'pointer' }}
              >
                Show as table<VisuallyHidden>: {title}</VisuallyHidden>
              </Text>
              {tableOpen && (
                <ScrollableTable label={`${title}: table`} minWidth={300}>
                  <Table striped withTableBorder mt="xs">
                    <Table.Caption>
                      <VisuallyHidden>{title}</VisuallyHidden>
                    </Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        {table.columns.map((column) => (
                          <Table.Th key={column} scope="col">
                            {column}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {table.rows.map((row) => (
                        <Table.Tr key={row.key}>
                          {row.cells.map((cell, index) =>
                            index === 0 ? (
                              <Table.Th key={index} scope="row" fw={400}>
                                {cell}
                              </Table.Th>
                            ) : (
                              <Table.Td key={index}>{cell}</Table.Td>
                            ),
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollableTable>
              )}
            </details>
          )}
        </Text>
      )}
    </Paper>
  );
}
