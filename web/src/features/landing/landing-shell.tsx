import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LandingHeader } from './landing-header';

function LandingFooter() {
  return (
    <Box
      component="footer"
      py="lg"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} SPMS · Staff Performance Management
          </Text>
          <Box component="nav" aria-label="Legal">
            <Group gap="lg">
              <Anchor component={Link} to="/privacy" size="sm" c="inherit">
                Privacy
              </Anchor>
              <Anchor component={Link} to="/terms" size="sm" c="inherit">
                Terms
              </Anchor>
            </Group>
          </Box>
        </Group>
      </Container>
    </Box>
  );
}

/** The frame shared by the public pages: top bar, main content and footer. */
export function LandingShell({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <LandingHeader />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <LandingFooter />
    </Box>
  );
}
