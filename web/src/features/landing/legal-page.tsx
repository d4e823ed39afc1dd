import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LandingShell } from './landing-shell';

/** The layout the privacy and terms pages share: a title, short sections and a way home. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <LandingShell>
      <Container size="sm" py={{ base: 40, sm: 64 }}>
        <Stack gap="md">
          <Anchor component={Link} to="/" size="sm" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              Back to home
            </Group>
          </Anchor>
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Container>
    </LandingShell>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" mt="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
