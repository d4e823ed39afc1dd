import { Center, Group, Loader, Text, type MantineSpacing } from '@mantine/core';

/** "Loading employees..." with a spinner, announced politely to screen readers. */
export function LoadingState({ text, py = 'xl' }: { text: string; py?: MantineSpacing }) {
  return (
    <Center py={py} role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{text}</Text>
      </Group>
    </Center>
  );
}
