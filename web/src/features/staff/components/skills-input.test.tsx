import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SkillsInput } from './skills-input';

function Harness({ onSubmit }: { onSubmit: () => void }) {
  const [skills, setSkills] = useState<string[]>(['Teaching']);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SkillsInput value={skills} onChange={setSkills} />
      <pre data-testid="skills">{JSON.stringify(skills)}</pre>
    </form>
  );
}

const skills = () => JSON.parse(screen.getByTestId('skills').textContent ?? '[]') as string[];
const box = () => screen.getByRole('textbox', { name: 'Skills' });

describe('skills input (SPEC.md section 5)', () => {
  it('adds a skill with the button and with Enter, without submitting the form', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.type(box(), '  Research  ');
    await user.click(screen.getByRole('button', { name: 'Add Skill' }));
    await user.type(box(), 'Mentoring{Enter}');
    expect(skills()).toEqual(['Teaching', 'Research', 'Mentoring']);
    expect(box()).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ignores blank entries and duplicates, whatever their case', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={() => undefined} />);
    await user.type(box(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add Skill' }));
    await user.type(box(), 'TEACHING{Enter}');
    expect(skills()).toEqual(['Teaching']);
    expect(screen.getByRole('status')).toHaveTextContent('"TEACHING" is already listed');
  });

  it('removes a skill', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={() => undefined} />);
    await user.type(box(), 'Research{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Teaching' }));
    expect(skills()).toEqual(['Research']);
  });
});
