import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  enumParam,
  idParam,
  optionalTextParam,
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from './use-list-url-state';

const PARAMS = {
  search: textParam(),
  department: optionalTextParam(),
  status: enumParam(['active', 'inactive'], null),
  sort: enumParam(['last_name', 'email'], 'last_name'),
  order: enumParam(['asc', 'desc'], 'asc'),
  employee: idParam(),
  page: pageParam(),
};

function List() {
  const { values, set } = useListUrlState(PARAMS);
  const [text, setText] = useUrlSearchText(values.search, (search) =>
    set({ search }, { replace: true }),
  );
  return (
    <div>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <output aria-label="values">{JSON.stringify(values)}</output>
      <button onClick={() => set({ page: values.page + 1 })}>Next page</button>
      <button onClick={() => set({ department: 'IT' })}>IT</button>
      <button onClick={() => set({ page: 2 }, { replace: true })}>Fix page</button>
    </div>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/staff', element: <List /> }], {
    initialEntries: ['/elsewhere', entry],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  const values = () => JSON.parse(screen.getByLabelText('values').textContent ?? '{}');
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, values, address };
}

afterEach(() => vi.useRealTimers());

describe('useListUrlState', () => {
  it('reads a shared link: filters, search, sort and page', () => {
    const { values } = renderAt(
      '/staff?search=ann&department=IT&status=inactive&sort=email&order=desc&employee=12&page=3',
    );
    expect(values()).toEqual({
      search: 'ann',
      department: 'IT',
      status: 'inactive',
      sort: 'email',
      order: 'desc',
      employee: 12,
      page: 3,
    });
    expect(screen.getByLabelText('Search')).toHaveValue('ann');
  });

  it('falls back to the defaults for what it cannot read', () => {
    const { values } = renderAt(
      '/staff?status=retired&sort=salary&order=up&page=-2&employee=abc&department=%20',
    );
    expect(values()).toEqual({
      search: '',
      department: null,
      status: null,
      sort: 'last_name',
      order: 'asc',
      employee: null,
      page: 1,
    });
    cleanup();
    expect(renderAt('/staff?page=1.5').values().page).toBe(1);
    cleanup();
    expect(renderAt(`/staff?search=${'x'.repeat(201)}`).values().search).toBe('');
  });

  it('adds a history entry for a page or filter, leaving defaults out of the address', async () => {
    const { router, values, address } = renderAt('/staff?page=2&keep=me');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(address()).toBe('/staff?page=3&keep=me');
    // A filter starts again at the first page, which the address leaves out.
    fireEvent.click(screen.getByRole('button', { name: 'IT' }));
    expect(address()).toBe('/staff?keep=me&department=IT');
    expect(values().page).toBe(1);

    await act(() => router.navigate(-1));
    expect(address()).toBe('/staff?page=3&keep=me');
    expect(values()).toMatchObject({ page: 3, department: null });
    await act(() => router.navigate(-1));
    expect(address()).toBe('/staff?page=2&keep=me');
  });

  it('replaces the entry when asked (a correction is no step back)', async () => {
    const { router, address } = renderAt('/staff?page=9');
    fireEvent.click(screen.getByRole('button', { name: 'Fix page' }));
    expect(address()).toBe('/staff?page=2');
    await act(() => router.navigate(-1));
    expect(address()).toBe('/elsewhere');
  });
});

describe('useUrlSearchText', () => {
  it('writes the search once typing pauses, replacing the entry, and back restores the box', async () => {
    vi.useFakeTimers();
    const { router, values, address } = renderAt('/staff?page=2');
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'an' } });
    fireEvent.change(box, { target: { value: 'ann ' } });
    // The box shows each letter at once; the address waits for the pause.
    expect(box).toHaveValue('ann ');
    expect(address()).toBe('/staff?page=2');
    await act(() => vi.advanceTimersByTimeAsync(300));
    // Trimmed, and a new search starts at page 1.
    expect(address()).toBe('/staff?search=ann');
    expect(values()).toMatchObject({ search: 'ann', page: 1 });
    expect(box).toHaveValue('ann ');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(address()).toBe('/staff?search=ann&page=2');
    fireEvent.change(box, { target: { value: 'bob' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(address()).toBe('/staff?search=bob');

    // Typing replaced the entry: back goes to the page before it, and the box follows.
    await act(() => router.navigate(-1));
    expect(address()).toBe('/staff?search=ann');
    expect(screen.getByLabelText('Search')).toHaveValue('ann');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    // The debounce of "bob" did not write itself back.
    expect(address()).toBe('/staff?search=ann');
    await act(() => router.navigate(-1));
    expect(address()).toBe('/elsewhere');
  });
});
