import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '#contract/audit';
import { useIsPhone } from '../../../components/use-is-phone';
import { recordLabel } from './audit-fields';
import { changedFields, snapshotFields, SnapshotPanel } from './audit-snapshot';

const preciseTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

function who(entry: AuditEntry): string {
  const { email, user_id: userId } = entry.actor;
  if (email && userId !== null) return `${email} (user #${userId})`;
  return email ?? (userId !== null ? `User #${userId}` : 'Nobody signed in');
}

/**
 * The whole entry, read-only: who did it, when, from which address, to which record, and the
 * record before and after side by side (stacked on a phone, where the modal fills the screen).
 */
export function AuditEntryModal({
  entry,
  onClose,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  const phone = useIsPhone();
  const fields = entry ? snapshotFields(entry.before, entry.after) : [];
  const changed = entry ? changedFields(entry.before, entry.after) : new Set<string>();

  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry?.name ?? ''}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {entry && (
        <Stack>
          <Text>{entry.description}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Detail label="Who">{who(entry)}</Detail>
            <Detail label="When">{preciseTime.format(new Date(entry.created_at))}</Detail>
            <Detail label="From">{entry.ip_address ?? 'Unknown address'}</Detail>
            <Detail label="Record">
              {entry.entity_type ? recordLabel(entry.entity_type, entry.entity_id) : 'None'}
            </Detail>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SnapshotPanel
              title="Before"
              snapshot={entry.before}
              fields={fields}
              changed={changed}
            />
            <SnapshotPanel title="After" snapshot={entry.after} fields={fields} changed={changed} />
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
