import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export interface OneTimeSecretProps {
  /** e.g. "Temporary password for kim@example.com" */
  title: string;
  secret: string;
  /** What the reader must know, e.g. that it is shown only once. */
  note?: string;
}

/** A secret shown once, with a copy button; the caller forgets it when this closes. */
export function OneTimeSecret({ title, secret, note }: OneTimeSecretProps) {
  return (
    <Alert color="yellow" title={title} role="status">
      <Group gap="xs" wrap="nowrap">
        <Code fz="md" data-testid="one-time-secret" style={{ userSelect: 'all' }}>
          {secret}
        </Code>
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? 'Copied' : 'Copy password'}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {note && (
        <Text size="sm" mt="xs">
          {note}
        </Text>
      )}
    </Alert>
  );
}
