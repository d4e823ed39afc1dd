import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAward,
  IconChartBar,
  IconClipboardCheck,
  IconReportAnalytics,
  IconSchool,
  IconTarget,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType, MouseEvent } from 'react';
import { Link } from 'react-router';
import { LandingShell } from './landing-shell';
import { UniversityCrest } from './university-crest';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const FEATURES: { title: string; description: string; icon: Icon }[] = [
  {
    title: 'Goal Setting & Tracking',
    description: 'Agree clear objectives with each member of staff and follow progress all year.',
    icon: IconTarget,
  },
  {
    title: 'Performance Analytics',
    description: 'See scores, averages and rankings across teams and departments at a glance.',
    icon: IconChartBar,
  },
  {
    title: 'Automated Reviews',
    description: 'Each semester’s results are gathered for you, so reviews start from real data.',
    icon: IconClipboardCheck,
  },
  {
    title: '360-Degree Feedback',
    description: 'Ask questions and collect responses so every voice informs the picture.',
    icon: IconUsersGroup,
  },
  {
    title: 'Recognition & Rewards',
    description: 'Award bonuses for strong results and let top performers know they are valued.',
    icon: IconAward,
  },
  {
    title: 'Development Planning',
    description: 'Spot where people can grow and plan the support that helps them get there.',
    icon: IconSchool,
  },
];

const HIGHLIGHTS: { label: string; icon: Icon }[] = [
  { label: 'Analytics', icon: IconChartBar },
  { label: 'Goals', icon: IconTarget },
  { label: 'Team', icon: IconUsers },
  { label: 'Reports', icon: IconReportAnalytics },
];

/** Scrolls to the features and moves focus there too, so keyboard users land in the section. */
function showFeatures(event: MouseEvent) {
  event.preventDefault();
  const section = document.getElementById('features');
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
  section?.focus({ preventScroll: true });
}

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      py={{ base: 48, sm: 88 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 100%)',
      }}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <UniversityCrest size={80} />
          <Title order={1} id="hero-title" fz={{ base: 32, sm: 48 }} lh={1.15}>
            Transform Your Team's Performance Management
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            SPMS brings staff records, performance metrics, bonuses and feedback into one place, so
            HR teams, managers and staff share a fair, transparent view of how everyone is doing.
          </Text>
          <Group justify="center" gap="md">
            <Button component={Link} to="/signin" size="lg">
              Get Started
            </Button>
            <Button size="lg" variant="default" onClick={showFeatures}>
              View All Features
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      tabIndex={-1}
      py={{ base: 48, sm: 80 }}
      style={{ outline: 'none', scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <Stack align="center" ta="center" gap="sm" mb="xl">
          <Title order={2} id="features-title">
            Everything you need to manage performance
          </Title>
          <Text c="dimmed" maw={600}>
            From setting goals to rewarding results, each step of the performance cycle is covered.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {FEATURES.map(({ title, description, icon: FeatureIcon }) => (
            <Paper key={title} withBorder p="lg" radius="md">
              <Group align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <FeatureIcon size={24} />
                </ThemeIcon>
                <div>
                  <Title order={3} size="h4" mb={4}>
                    {title}
                  </Title>
                  <Text c="dimmed">{description}</Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="center" mt="xl">
          <Button component={Link} to="/signin" size="md">
            Get Started
          </Button>
        </Group>
      </Container>
    </Box>
  );
}

function CallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-title" pb={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <Paper radius="lg" p={{ base: 'lg', sm: 48 }} bg="var(--mantine-primary-color-light)">
          <Stack align="center" ta="center" gap="lg">
            <Title order={2} id="cta-title">
              Ready to bring your team's performance into focus?
            </Title>
            <Text maw={600}>
              Sign in with your organisation account to see your metrics, bonuses and rankings.
            </Text>
            <SimpleGrid
              component="ul"
              cols={{ base: 2, sm: 4 }}
              spacing="lg"
              w="100%"
              maw={640}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {HIGHLIGHTS.map(({ label, icon: HighlightIcon }) => (
                <Stack component="li" key={label} align="center" gap="xs">
                  <ThemeIcon size={56} radius="xl" aria-hidden>
                    <HighlightIcon size={28} />
                  </ThemeIcon>
                  <Text fw={600}>{label}</Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Button component={Link} to="/signin" size="lg">
              Get Started
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

export default function LandingPage() {
  return (
    <LandingShell>
      <Hero />
      <Features />
      <CallToAction />
    </LandingShell>
  );
}
