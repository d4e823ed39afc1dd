import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's one top-level heading. */
  title: string;
  /** A line under the title saying what the page is for. */
  description?: ReactNode;
  /** The page's main actions ("Add Bonus"), at the right and wrapping under on a phone. */
  actions?: ReactNode;
}

/** The title, description and main actions at the top of a signed-in screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const heading = (
    <div>
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </div>
  );
  if (!actions) return heading;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {heading}
      <Group gap="sm">{actions}</Group>
    </Group>
  );
}
