import { describe, expect, it } from 'vitest';
import {
  createRememberedItems,
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
} from './remembered-items';
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
      key: itemKey(row.id, row.version, '7.3'),
      item: { name: row.name },
    });
    // As a keys statement reads them: `id version` in the page's order, and the tables' versions.
    const keysOf = (tables: string) => ({
      keys: rows.map(({ id, version }) => `${id} ${version}`).join(','),
      tables,
    });
    const names = [{ name: 'Ada' }, { name: 'Bob' }];
    expect(await pageThrough(items, keysOf('7.3'), read, itemOf)).toEqual(names);
    // Every item kept: the page is made of them, then remembered whole, the same array each time.
    const kept = await pageThrough(items, keysOf('7.3'), read, itemOf);
    expect(kept).toEqual(names);
    expect(isUnchanging(kept)).toBe(true);
    expect(await pageThrough(items, keysOf('7.3'), read, itemOf)).toBe(kept);
    expect(reads).toBe(1);

    rows[1] = { id: 2, version: 2, name: 'Robert' };
    expect(await pageThrough(items, keysOf('7.3'), read, itemOf)).toEqual([
      { name: 'Ada' },
      { name: 'Robert' },
    ]);
    expect(reads).toBe(2);
    // Another version of a table the items show: none is kept at it, whole page or item.
    await pageThrough(items, keysOf('7.4'), read, itemOf);
    expect(reads).toBe(3);
    expect(await pageThrough(items, { keys: null, tables: '7.3' }, read, itemOf)).toEqual([]);
    expect(reads).toBe(3);
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
