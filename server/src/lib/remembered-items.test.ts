import { describe, expect, it } from 'vitest';
import { createRememberedItems, pageThrough, rememberedItemsPerDatabase } from './remembered-items';
import { isUnchanging } from './unchanging';

describe('remembered items', () => {
  it('gives a page only when every item is kept at the version asked for', () => {
    const items = createRememberedItems<{ name: string }>(10);
    const ada = items.remember({ id: 1, version: 1 }, { name: 'Ada' });
    items.remember({ id: 2, version: 1 }, { name: 'Bob' });
    expect(isUnchanging(ada)).toBe(true);
    expect(
      items.page([
        { id: 2, version: 1 },
        { id: 1, version: 1 },
      ]),
    ).toEqual([{ name: 'Bob' }, { name: 'Ada' }]);
    expect(
      items.page([
        { id: 1, version: 1 },
        { id: 2, version: 2 },
      ]),
    ).toBeNull();
    expect(items.page([{ id: 3, version: 1 }])).toBeNull();
    expect(items.page([])).toEqual([]);
  });

  it('reads the rows only when an item is missing, and answers the rows read', async () => {
    const items = createRememberedItems<{ name: string }>(10);
    const rows = [
      { id: 1, version: 1, name: 'Ada' },
      { id: 2, version: 1, name: 'Bob' },
    ];
    let reads = 0;
    const read = async () => {
      reads++;
      return rows;
    };
    const itemOf = (row: (typeof rows)[number]) => ({
      key: { id: row.id, version: row.version },
      item: { name: row.name },
    });
    const keys = rows.map(({ id, version }) => ({ id, version }));
    expect(await pageThrough(items, keys, read, itemOf)).toEqual([
      { name: 'Ada' },
      { name: 'Bob' },
    ]);
    expect(await pageThrough(items, keys, read, itemOf)).toEqual([
      { name: 'Ada' },
      { name: 'Bob' },
    ]);
    expect(reads).toBe(1);
    rows[1] = { id: 2, version: 2, name: 'Robert' };
    const changed = rows.map(({ id, version }) => ({ id, version }));
    expect(await pageThrough(items, changed, read, itemOf)).toEqual([
      { name: 'Ada' },
      { name: 'Robert' },
    ]);
    expect(reads).toBe(2);
  });

  it('keeps one store per database', () => {
    const storeOf = rememberedItemsPerDatabase<{ name: string }>(10);
    const sqlite = {};
    const postgres = {};
    storeOf(sqlite).remember({ id: 1, version: 0 }, { name: 'on SQLite' });
    expect(storeOf(sqlite).page([{ id: 1, version: 0 }])).toEqual([{ name: 'on SQLite' }]);
    expect(storeOf(postgres).page([{ id: 1, version: 0 }])).toBeNull();
  });
});
