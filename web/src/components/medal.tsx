import { ThemeIcon } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';

/** Gold, silver and bronze for ranks 1 to 3 (an icon, not an emoji: no emoji font is needed). */
const MEDALS = {
  1: { label: 'Gold medal', fill: 'yellow.4' },
  2: { label: 'Silver medal', fill: 'gray.4' },
  3: { label: 'Bronze medal', fill: 'orange.4' },
} as const;

export type MedalRank = keyof typeof MEDALS;

export function isMedalRank(rank: number | null | undefined): rank is MedalRank {
  return rank === 1 || rank === 2 || rank === 3;
}

/** A medal for the first three places, named for screen readers ("Gold medal"). */
export function Medal({ rank, size = 36 }: { rank: MedalRank; size?: number }) {
  const medal = MEDALS[rank];
  return (
    <ThemeIcon
      role="img"
      aria-label={medal.label}
      color={medal.fill}
      c="dark.8"
      radius="xl"
      size={size}
    >
      <IconMedal size={Math.round(size * 0.6)} aria-hidden />
    </ThemeIcon>
  );
}
