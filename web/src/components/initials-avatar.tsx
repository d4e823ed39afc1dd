import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../lib/format';

/** Colours whose shade 8 carries white text above WCAG AA's 4.5:1 (teal, green, cyan do not). */
const COLORS = ['blue', 'indigo', 'violet', 'grape', 'pink', 'red'] as const;

/** The same person always gets the same colour. */
function colorFor(name: string): (typeof COLORS)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

export interface InitialsAvatarProps extends Omit<AvatarProps, 'children' | 'color'> {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

/** A round avatar with a person's initials; decorative, so the name beside it must be text. */
export function InitialsAvatar({ firstName, lastName, ...props }: InitialsAvatarProps) {
  return (
    <Avatar
      radius="xl"
      // Filled: the theme's shade 8 behind white text.
      variant="filled"
      color={colorFor(`${firstName ?? ''} ${lastName ?? ''}`)}
      aria-hidden
      {...props}
    >
      {initials(firstName, lastName)}
    </Avatar>
  );
}
