import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/** The product logo and name at the top of the sidebar. */
export function ProductMark() {
  return (
    <Group gap="sm" wrap="nowrap" px="xs">
      <ThemeIcon size={36} radius="md" aria-hidden>
        <IconChartBar size={22} />
      </ThemeIcon>
      <div>
        <Text fw={700} lh={1.2}>
          SPMS
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          Staff Performance Management
        </Text>
      </div>
    </Group>
  );
}
