import { Badge, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditSnapshot } from '#contract/audit';
import { fieldLabel, formatFieldValue } from './audit-fields';

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

/** Beyond this depth a nested record is shown as it was stored, rather than nested further. */
const MAX_DEPTH = 3;

/** A nested record (an employee's deleted values, a linked account), field by field. */
function NestedRecord({ record, depth }: { record: Record<string, unknown>; depth: number }) {
  return (
    <Table withRowBorders={false} verticalSpacing={0} fz="sm">
      <Table.Tbody>
        {Object.entries(record).map(([field, value]) => (
          <Table.Tr key={field}>
            <Table.Th scope="row" w="40%" fw={500} style={{ wordBreak: 'break-word' }}>
              {fieldLabel(field)}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              <FieldValue field={field} value={value} present depth={depth + 1} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function FieldValue({
  field,
  value,
  present,
  depth = 0,
}: {
  field: string;
  value: unknown;
  present: boolean;
  depth?: number;
}) {
  if (!present) {
    return (
      <Text span c="dimmed" aria-label="not recorded">
        —
      </Text>
    );
  }
  if (value === null || value === undefined) {
    return (
      <Text span c="dimmed" fs="italic">
        empty
      </Text>
    );
  }
  const text = formatFieldValue(field, value);
  if (text !== null) return <Text span>{text}</Text>;
  if (depth >= MAX_DEPTH) {
    return (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    );
  }
  if (Array.isArray(value)) {
    return (
      <Stack gap={4}>
        {value.map((item, index) => (
          <Paper key={index} withBorder p={4} radius="sm">
            <FieldValue field={field} value={item} present depth={depth + 1} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return <NestedRecord record={value as Record<string, unknown>} depth={depth} />;
}

/**
 * One side of the record, as a readable table of the screens' labels and values; changed fields
 * are marked.
 */
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
                  {fieldLabel(field)}
                  {changed.has(field) && (
                    <Badge size="xs" color="yellow" variant="filled" autoContrast ml={4}>
                      changed
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  <FieldValue
                    field={field}
                    value={snapshot[field]}
                    present={Object.hasOwn(snapshot, field)}
                  />
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
