import { TextInput, Textarea } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { lengthHint } from './length-hint';

function Field({
  max,
  initial = '',
  description,
}: {
  max: number;
  initial?: string;
  description?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      label="Name"
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      {...lengthHint(value, max, description)}
    />
  );
}

describe('a field that shows its length limit', () => {
  it('counts from 80% of the limit, says when it is reached, and takes no more', async () => {
    renderWithProviders(<Field max={10} initial="abcdefg" />);
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveAttribute('maxlength', '10');
    expect(screen.queryByText(/characters/)).toBeNull();

    const user = userEvent.setup();
    await user.type(field, 'h');
    expect(field).toHaveAccessibleDescription('8/10 characters');
    await user.type(field, 'ijklmn');
    expect(field).toHaveValue('abcdefghij');
    expect(field).toHaveAccessibleDescription('10/10 characters: the limit');
  });

  it("keeps the field's own description before the count", () => {
    renderWithProviders(
      <Field max={100} initial={'x'.repeat(95)} description="As on the ID card" />,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'As on the ID card · 95/100 characters',
    );
  });

  it('writes long limits with thousands separators, in a text area too', () => {
    const value = 'y'.repeat(4012);
    renderWithProviders(
      <Textarea
        label="Answer"
        value={value}
        onChange={() => undefined}
        {...lengthHint(value, 5000)}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveAccessibleDescription(
      '4,012/5,000 characters',
    );
  });
});
