import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../lib/format';

const COLORS = ['blue', 'teal', 'grape', 'orange', 'indigo', 'cyan', 'pink', 'green'] as const;

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
      color={colorFor(`${firstName ?? ''} ${lastName ?? ''}`)}
      aria-hidden
      {...props}
    >
      {initials(firstName, lastName)}
    </Avatar>
  );
}
