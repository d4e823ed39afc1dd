import {
  Anchor,
  Box,
  Burger,
  Button,
  Collapse,
  Container,
  Group,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useSession } from '../../lib/session';

const NAV_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
] as const;

const MOBILE_MENU_ID = 'landing-mobile-menu';

/**
 * The public pages' top bar: product name, links, the theme switch and the sign-in buttons (Go to
 * Dashboard in place of Sign In for someone signed in). On phones the links fold into a menu
 * behind a burger button, which closes again when one of its links is followed.
 */
export function LandingHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  // Someone already signed in is offered their dashboard, not a sign-in they do not need.
  const { user } = useSession();
  const account = user
    ? { to: '/dashboard', label: 'Go to Dashboard' }
    : { to: '/signin', label: 'Sign In' };

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="SPMS home">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" aria-hidden>
                <IconChartBar size={22} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                SPMS
              </Text>
            </Group>
          </Anchor>

          <Box component="nav" aria-label="Main" visibleFrom="sm">
            <Group gap="xl">
              {NAV_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="inherit" fw={500}>
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Box>

          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <Group gap="sm" wrap="nowrap" visibleFrom="sm">
              <Button component={Link} to={account.to} variant="default">
                {account.label}
              </Button>
              <Button component={Link} to="/signin">
                Get Started
              </Button>
            </Group>
            <Burger
              hiddenFrom="sm"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label="Toggle menu"
              aria-expanded={menuOpened}
              aria-controls={MOBILE_MENU_ID}
            />
          </Group>
        </Group>
      </Container>

      <Collapse expanded={menuOpened} hiddenFrom="sm" id={MOBILE_MENU_ID}>
        <Container size="lg" pb="md">
          <Box component="nav" aria-label="Main">
            <Stack gap={0}>
              {NAV_LINKS.map((link) => (
                <Anchor
                  key={link.to}
                  component={Link}
                  to={link.to}
                  onClick={menu.close}
                  c="inherit"
                  fw={500}
                  py="sm"
                >
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          </Box>
          <Stack gap="sm" mt="sm">
            <Button
              component={Link}
              to={account.to}
              onClick={menu.close}
              variant="default"
              fullWidth
            >
              {account.label}
            </Button>
            <Button component={Link} to="/signin" onClick={menu.close} fullWidth>
              Get Started
            </Button>
          </Stack>
        </Container>
      </Collapse>
    </Box>
  );
}
