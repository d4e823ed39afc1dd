import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { InitialsAvatar } from './initials-avatar';

export interface PersonCellProps {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  /** The name as shown (it may add "(you)" or fall back to "Unknown Employee"). */
  name: ReactNode;
  /** A second, quieter line: an email, an employee ID. */
  detail?: ReactNode;
}

/** A person in a table cell: initials avatar, name, and an optional line beneath. */
export function PersonCell({ firstName, lastName, name, detail }: PersonCellProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <InitialsAvatar firstName={firstName} lastName={lastName} size="md" />
      <div>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
    </Group>
  );
}
