import { Badge, Code, Paper, Table, Text, Title } from '@mantine/core';
import type { AuditSnapshot } from '#contract/audit';

/** Every field of either snapshot, in the order they were recorded (before's first). */
export function snapshotFields(before: AuditSnapshot, after: AuditSnapshot): string[] {
  return [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
}

/** Fields whose value differs between two recorded snapshots (none when one side is missing). */
export function changedFields(before: AuditSnapshot, after: AuditSnapshot): Set<string> {
  if (!before || !after) return new Set();
  return new Set(
    snapshotFields(before, after).filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    ),
  );
}

function FieldValue({ value, present }: { value: unknown; present: boolean }) {
  if (!present) {
    return (
      <Text span c="dimmed" aria-label="not recorded">
        —
      </Text>
    );
  }
  if (value === null) {
    return (
      <Text span c="dimmed" fs="italic">
        empty
      </Text>
    );
  }
  if (typeof value === 'object') {
    return (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    );
  }
  return <Text span>{typeof value === 'string' ? value || '""' : String(value)}</Text>;
}

/** One side of the record, as a readable field/value table; changed fields are marked. */
export function SnapshotPanel({
  title,
  snapshot,
  fields,
  changed,
}: {
  title: 'Before' | 'After';
  snapshot: AuditSnapshot;
  fields: string[];
  changed: Set<string>;
}) {
  return (
    <Paper withBorder p="sm" radius="md" aria-label={title} component="section">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {snapshot ? (
        <Table layout="fixed" withRowBorders verticalSpacing={4}>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr
                key={field}
                data-changed={changed.has(field) || undefined}
                bg={changed.has(field) ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Table.Th scope="row" w="38%" style={{ wordBreak: 'break-word' }}>
                  {field}
                  {changed.has(field) && (
                    <Badge size="xs" color="yellow" variant="filled" autoContrast ml={4}>
                      changed
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  <FieldValue value={snapshot[field]} present={Object.hasOwn(snapshot, field)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          Nothing recorded
        </Text>
      )}
    </Paper>
  );
}
