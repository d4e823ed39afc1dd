import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';

export interface RowActionsProps {
  /** The row in words, naming each button for assistive technology: "Edit {what}". */
  what: string;
  onView?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

const ACTIONS: {
  key: 'onView' | 'onEdit' | 'onDelete';
  verb: string;
  icon: Icon;
  color?: string;
}[] = [
  { key: 'onView', verb: 'View', icon: IconEye },
  { key: 'onEdit', verb: 'Edit', icon: IconPencil },
  { key: 'onDelete', verb: 'Delete', icon: IconTrash, color: 'red' },
];

/**
 * The icon buttons at the end of a table row, each with a tooltip for the eye and a name that
 * says which row it acts on ("Delete Ada Lovelace"), so a list of buttons read out of context
 * still makes sense. Only the actions given are shown.
 */
export function RowActions(props: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {ACTIONS.map(({ key, verb, icon: ActionGlyph, color }) => {
        const onClick = props[key];
        if (!onClick) return null;
        return (
          <Tooltip key={key} label={verb}>
            <ActionIcon
              variant="subtle"
              color={color}
              onClick={onClick}
              aria-label={`${verb} ${props.what}`}
            >
              <ActionGlyph size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
