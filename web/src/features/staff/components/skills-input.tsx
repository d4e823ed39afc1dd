import { Button, Group, Input, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_SKILL_LENGTH, MAX_SKILLS } from '#contract/employee-options';

export interface SkillsInputProps {
  value: string[];
  onChange: (skills: string[]) => void;
  disabled?: boolean;
}

/**
 * Skills added by the Add button or Enter (SPEC.md section 5): blank entries and duplicates
 * (ignoring case) are ignored, and each skill can be removed.
 */
export function SkillsInput({ value, onChange, disabled = false }: SkillsInputProps) {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const labelId = useId();

  function add() {
    const skill = text.trim();
    if (!skill) {
      setText('');
      return;
    }
    if (value.some((existing) => existing.toLowerCase() === skill.toLowerCase())) {
      setNotice(`"${skill}" is already listed`);
      setText('');
      return;
    }
    if (value.length >= MAX_SKILLS) {
      setNotice(`At most ${MAX_SKILLS} skills`);
      return;
    }
    onChange([...value, skill]);
    setNotice(null);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the skill; it must not submit the surrounding form.
    event.preventDefault();
    add();
  }

  return (
    <Stack gap={6}>
      <Input.Label id={labelId}>Skills</Input.Label>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-labelledby={labelId}
          placeholder="Add a skill and press Enter"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX_SKILL_LENGTH}
          disabled={disabled}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={add} disabled={disabled}>
          Add Skill
        </Button>
      </Group>
      {notice && (
        <Text size="xs" c="dimmed" role="status">
          {notice}
        </Text>
      )}
      {value.length > 0 && (
        <Pill.Group aria-label="Skills added">
          {value.map((skill) => (
            <Pill
              key={skill}
              withRemoveButton={!disabled}
              onRemove={() => onChange(value.filter((item) => item !== skill))}
              // Mantine hides the remove button from assistive technology and the keyboard by
              // default; each skill must be removable without a mouse.
              removeButtonProps={{
                'aria-label': `Remove ${skill}`,
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {skill}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Stack>
  );
}
