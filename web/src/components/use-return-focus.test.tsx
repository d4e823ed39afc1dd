import { render, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useReturnFocus } from './use-return-focus';

/** Stands in for a modal: takes focus a tick after mounting open, as Mantine's focus trap does. */
function FakeModal({ opened }: { opened: boolean }) {
  useReturnFocus(opened);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opened) setTimeout(() => field.current?.focus());
  }, [opened]);
  return opened ? <input ref={field} aria-label="Inside" /> : null;
}

function Page({ modal }: { modal: 'none' | 'open' | 'closed' }) {
  return (
    <>
      <button type="button">Opener</button>
      <button type="button">Elsewhere</button>
      {modal !== 'none' && <FakeModal opened={modal === 'open'} />}
    </>
  );
}

const focused = () =>
  document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label');

describe('useReturnFocus', () => {
  it('gives focus back to the opener when a modal mounted open goes away', async () => {
    const view = render(<Page modal="none" />);
    view.getByText('Opener').focus();
    view.rerender(<Page modal="open" />);
    await waitFor(() => expect(focused()).toBe('Inside'));
    view.rerender(<Page modal="none" />);
    await waitFor(() => expect(focused()).toBe('Opener'));
  });

  it('gives focus back when the modal closes but stays mounted', async () => {
    const view = render(<Page modal="none" />);
    view.getByText('Opener').focus();
    view.rerender(<Page modal="open" />);
    await waitFor(() => expect(focused()).toBe('Inside'));
    view.rerender(<Page modal="closed" />);
    await waitFor(() => expect(focused()).toBe('Opener'));
  });

  it('leaves focus alone when the person has moved it elsewhere', async () => {
    const view = render(<Page modal="none" />);
    view.getByText('Opener').focus();
    view.rerender(<Page modal="open" />);
    await waitFor(() => expect(focused()).toBe('Inside'));
    view.getByText('Elsewhere').focus();
    view.rerender(<Page modal="none" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(focused()).toBe('Elsewhere');
  });
});
