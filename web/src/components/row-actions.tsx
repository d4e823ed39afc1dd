import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { useId } from 'react';

export interface RowActionsProps {
  /** The row in words, naming each button for assistive technology: "Edit {what}". */
  what: string;
  onView?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /**
   * Why this row cannot be deleted, when it cannot ("In use by 12 values: cannot be deleted"):
   * Delete is then shown disabled with this as its tooltip and description, instead of a button
   * whose click the server would refuse.
   */
  deleteBlockedBy?: string | null | undefined;
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
 *
 * A blocked Delete stays focusable (aria-disabled, not disabled) so its tooltip shows on hover
 * and keyboard focus alike, and screen readers read the reason as its description.
 */
export function RowActions(props: RowActionsProps) {
  const reasonId = useId();
  return (
    <Group gap={4} wrap="nowrap">
      {ACTIONS.map(({ key, verb, icon: ActionGlyph, color }) => {
        const onClick = props[key];
        if (!onClick) return null;
        const blocked = key === 'onDelete' ? props.deleteBlockedBy : null;
        return (
          <Tooltip key={key} label={blocked || verb}>
            <ActionIcon
              variant="subtle"
              color={blocked ? 'gray' : color}
              onClick={blocked ? undefined : onClick}
              aria-label={`${verb} ${props.what}`}
              {...(blocked
                ? { 'aria-disabled': true, 'data-disabled': true, 'aria-describedby': reasonId }
                : {})}
            >
              <ActionGlyph size={18} aria-hidden />
              {blocked && <VisuallyHidden id={reasonId}>{blocked}</VisuallyHidden>}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
